/**
 * An antd `Table` bound to a paged GraphQL query (issue 8 item 1: server-side paging, sorting and
 * filters). The page, page size, sort and filters live in the URL (tableParams.ts); `variables` turns them
 * into the query's variables, `select` picks the rows and total out of the answer. Columns with
 * `sorter: true` sort on the server by their `key`; columns with `filters` filter on the server by their
 * `key` (several values joined by commas). A `summary` adds a totals row.
 */
import { ReloadOutlined } from '@ant-design/icons';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { Alert, Button, Space, Table, Typography } from 'antd';
import type { ColumnsType, TableProps } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, type AnyVariables } from 'urql';
import { useErrorText } from './forms.ts';
import { PAGE_SIZES, useTableParams, type TableParams } from './tableParams.ts';

/** What a {@link DataTable} needs. */
export interface DataTableProps<Row extends object, Data, Vars extends AnyVariables> {
  readonly query: TypedDocumentNode<Data, Vars>;
  /** The query's variables for the URL's params. */
  readonly variables: (params: TableParams) => Vars;
  /** The rows of the page and the total count. */
  readonly select: (data: Data) => { readonly items: readonly Row[]; readonly total: number };
  readonly columns: ColumnsType<Row>;
  readonly rowKey: (row: Row) => string;
  /** A totals row under the page (e.g. the query's `totals`). */
  readonly summary?: (data: Data) => ReactNode;
  /** Buttons shown above the table, left of Refresh. */
  readonly toolbar?: ReactNode;
  /** Keeps this table's URL params apart from another one's on the same screen. */
  readonly urlPrefix?: string;
  /** Do not query (e.g. until a required filter is chosen). */
  readonly pause?: boolean;
  readonly defaultPageSize?: number;
  readonly expandable?: TableProps<Row>['expandable'];
  readonly scrollX?: number;
  /**
   * Types whose change (a mutation answering one) refetches the list, besides those in its rows: e.g.
   * `PlayerAccount` for a list of `StaffUser`s that `updatePlayer` changes.
   */
  readonly additionalTypenames?: readonly string[];
}

/** A paged, sortable, filterable table over a GraphQL query. */
export function DataTable<Row extends object, Data, Vars extends AnyVariables>({
  query,
  variables,
  select,
  columns,
  rowKey,
  summary,
  toolbar,
  urlPrefix = '',
  pause = false,
  defaultPageSize = 10,
  expandable,
  scrollX,
  additionalTypenames,
}: DataTableProps<Row, Data, Vars>) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [params, update] = useTableParams(urlPrefix, defaultPageSize);
  const context = useMemo(
    () => (additionalTypenames ? { additionalTypenames: [...additionalTypenames] } : undefined),
    [additionalTypenames?.join()],
  );
  const [result, reexecute] = useQuery({ query, variables: variables(params), pause, context });
  const page = result.data ? select(result.data) : null;

  const controlled: ColumnsType<Row> = columns.map((column) => {
    const key = String(column.key ?? '');
    return {
      ...column,
      ...(column.sorter
        ? {
            sortOrder:
              params.sort?.field === key ? (params.sort.order === 'asc' ? 'ascend' : 'descend') : null,
          }
        : {}),
      ...(column.filters ? { filteredValue: params.filters[key]?.split(',') ?? null } : {}),
    };
  });

  const onChange: TableProps<Row>['onChange'] = (pagination, filters, sorter, extra) => {
    const one = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
    const nextFilters: Record<string, string> = { ...params.filters };
    for (const [key, values] of Object.entries(filters)) {
      if (values && values.length > 0) nextFilters[key] = values.join(',');
      else delete nextFilters[key];
    }
    update({
      page: extra.action === 'paginate' ? (pagination.current ?? 1) : 1,
      pageSize: pagination.pageSize ?? params.pageSize,
      sort:
        one?.order && one.columnKey !== undefined
          ? { field: String(one.columnKey), order: one.order === 'ascend' ? 'asc' : 'desc' }
          : null,
      filters: nextFilters,
    });
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="small">
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Space wrap>{toolbar}</Space>
        <Space>
          {page && (
            <Typography.Text type="secondary">{t('common.totalRows', { count: page.total })}</Typography.Text>
          )}
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('common.refresh')}
            onClick={() => reexecute({ requestPolicy: 'network-only' })}
          />
        </Space>
      </Space>
      {result.error && <Alert type="error" showIcon title={errorText(result.error)} />}
      <Table<Row>
        size="small"
        columns={controlled}
        dataSource={page ? [...page.items] : []}
        rowKey={rowKey}
        loading={result.fetching}
        onChange={onChange}
        expandable={expandable}
        scroll={scrollX ? { x: scrollX } : undefined}
        pagination={{
          current: params.page,
          pageSize: params.pageSize,
          total: page?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
        }}
        summary={summary && result.data ? () => summary(result.data as Data) : undefined}
      />
    </Space>
  );
}
