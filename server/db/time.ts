/** The time as the database keeps it: unix seconds. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);
