/**
 * The request header through which proxy.ts hands the requested path (with query) to server layouts,
 * which cannot see the URL otherwise. Only used to build the sign-in page's `next` parameter, which
 * the sign-in page validates again (safeNextPath), so a forged header can do no harm.
 */
export const REQUEST_PATH_HEADER = "x-keel-request-path";
