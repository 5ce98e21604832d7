/**
 * Downloads a finished export (spec §3 "Export record"; docs/back-office.md "Exports"): `GET
 * /admin/exports/:id/file` with the staff bearer token (a plain link cannot carry the header), read as a
 * blob and saved through a temporary object URL under the server's file name.
 */

/** The file name of a `content-disposition: attachment; filename="…"` header, or `fallback`. */
export const fileNameOf = (disposition: string | null, fallback: string): string =>
  /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;

/** Fetches `path` with `token` and saves it; throws `Error(<HTTP status>)` when the server refuses. */
export const downloadExport = async (path: string, token: string | null, fallbackName: string) => {
  const response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(String(response.status));
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileNameOf(response.headers.get('content-disposition'), fallbackName);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
};
