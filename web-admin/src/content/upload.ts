/** A picked file as a data URL (`data:<type>;base64,…`), the form `uploadFile` takes (docs/content.md). */
export const readAsDataUrl = (file: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

/** The upload limit of the server, bytes (700 KB decoded). */
export const MAX_UPLOAD_BYTES = 700 * 1024;
