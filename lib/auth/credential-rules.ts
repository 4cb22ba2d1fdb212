/**
 * The rules for user names and passwords, free of Node imports so the browser forms check exactly what
 * the server enforces (the server checks again).
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;
export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{1,63}$/;
