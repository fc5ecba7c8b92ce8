/** Is the app running inside a frame of another page? */
export function isInIframe(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    // a cross-origin top throws on access: we are framed
    return true;
  }
}
