/**
 * A stream's history as a timeline (issue 8 item 3 "replayable audit history"): each event in order with
 * its time (EAT), type, actor, reason, correlation and causation ids, the pockets it moved with the
 * balance before and after, and its data on demand. The events come from the back-office history
 * operation (`streamHistory`); the shape below is the subset the timeline shows.
 */
import { useActorName } from './labels.ts';
import { Collapse, Descriptions, Empty, Space, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatEat, formatSigned, formatTzs } from './format.ts';

/** One pocket moved by an event. */
export interface AuditMovement {
  readonly pocket: string;
  readonly amount: number;
  readonly before: number;
  readonly after: number;
}

/** One event of a stream. */
export interface AuditEvent {
  readonly position: number;
  readonly type: string;
  readonly recordedAt: string;
  readonly at?: string | null;
  /** `player:<id>`, `staff:<id>` or `system:<process>`. */
  readonly actor: string;
  readonly reason?: string | null;
  readonly correlationId?: string | null;
  readonly causationId?: string | null;
  /** JSON text. */
  readonly data?: string | null;
  readonly movements?: readonly AuditMovement[];
}

const actorColor = (actor: string): string =>
  actor.startsWith('staff:') ? 'purple' : actor.startsWith('player:') ? 'green' : 'default';

const pretty = (json: string): string => {
  try {
    return JSON.stringify(JSON.parse(json), null, 2);
  } catch {
    return json;
  }
};

/** The events of one stream, oldest first; `selected` highlights an event (e.g. the state shown). */
export function AuditTimeline({
  events,
  selected,
  onSelect,
}: {
  readonly events: readonly AuditEvent[];
  readonly selected?: number;
  readonly onSelect?: (event: AuditEvent) => void;
}) {
  const { t, i18n } = useTranslation();
  const actorName = useActorName();
  /** The pocket's name in the language shown (unknown pockets as sent). */
  const pocketName = (pocket: string): string =>
    i18n.exists(`audit.pockets.${pocket}`) ? t(`audit.pockets.${pocket}`) : pocket;
  if (events.length === 0) return <Empty description={t('common.noData')} />;
  return (
    <Timeline
      items={events.map((event) => ({
        key: event.position,
        color: event.position === selected ? 'red' : event.actor.startsWith('staff:') ? 'purple' : 'blue',
        content: (
          <Space
            orientation="vertical"
            size={2}
            style={{ width: '100%' }}
            data-testid={`audit-event-${event.position}`}
          >
            <Space wrap>
              <Typography.Text strong>#{event.position}</Typography.Text>
              <Typography.Text code>{event.type}</Typography.Text>
              <Tag color={actorColor(event.actor)} title={event.actor} data-testid="audit-actor">
                {actorName(event.actor)}
              </Tag>
              <Typography.Text type="secondary">{formatEat(event.at ?? event.recordedAt)}</Typography.Text>
              {onSelect && (
                <Typography.Link onClick={() => onSelect(event)}>{t('audit.stateHere')}</Typography.Link>
              )}
            </Space>
            {event.reason && (
              <Typography.Text>
                {t('common.reason')}: {event.reason}
              </Typography.Text>
            )}
            {(event.movements ?? []).map((movement) => (
              <Typography.Text key={movement.pocket}>
                {pocketName(movement.pocket)}: {formatTzs(movement.before)} → {formatTzs(movement.after)} (
                {formatSigned(movement.amount)})
              </Typography.Text>
            ))}
            {(event.correlationId || event.causationId || event.data) && (
              <Collapse
                size="small"
                ghost
                items={[
                  {
                    key: 'more',
                    label: t('common.details'),
                    children: (
                      <Descriptions size="small" column={1}>
                        {event.correlationId && (
                          <Descriptions.Item label={t('audit.correlation')}>
                            {event.correlationId}
                          </Descriptions.Item>
                        )}
                        {event.causationId && (
                          <Descriptions.Item label={t('audit.causation')}>
                            {event.causationId}
                          </Descriptions.Item>
                        )}
                        {event.data && (
                          <Descriptions.Item label={t('audit.data')}>
                            <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{pretty(event.data)}</pre>
                          </Descriptions.Item>
                        )}
                      </Descriptions>
                    ),
                  },
                ]}
              />
            )}
          </Space>
        ),
      }))}
    />
  );
}
