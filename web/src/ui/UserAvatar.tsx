export const DEFAULT_AVATAR = '/default-avatar.svg';

/** A user's emblem, or the default image when there is none. Decorative: the name is always beside it. */
export function UserAvatar({ src, size = 32, className = '' }: { src?: string | null; size?: number; className?: string }) {
  return (
    <img
      src={src?.trim() ? src : DEFAULT_AVATAR}
      alt=""
      width={size}
      height={size}
      className={`rounded-circle object-fit-cover bg-secondary-subtle ${className}`}
      onError={(e) => {
        if (!e.currentTarget.src.endsWith(DEFAULT_AVATAR)) e.currentTarget.src = DEFAULT_AVATAR;
      }}
    />
  );
}
