/**
 * Public like a model's photo (an <img> sends no token); the random key changes with each picture.
 * Here rather than with the avatars (personal/) because sign-in and the user lists draw it too.
 */
export const avatarUrl = (key: string | null) => (key ? `/v1/public/avatars/${key}` : null);
