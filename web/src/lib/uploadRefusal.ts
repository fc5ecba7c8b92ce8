/**
 * An upload the server refused; `message` is the server's error.message for the reader, shown
 * where the upload was asked for (spec section 8: "Upload error shows the server's error.message").
 */
export class UploadRefused extends Error {
  override name = 'UploadRefused';
}

/** The reader-facing text of a refused upload, or null for a failure with no text of its own. */
export function refusalOf(error: unknown): string | null {
  return error instanceof UploadRefused && error.message.trim() ? error.message : null;
}
