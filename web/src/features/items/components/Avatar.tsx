interface AvatarProps {
  src: string | null | undefined;
  name: string;
  size: number;
  className?: string;
}

/** A round profile image, or the name's initial when the person has none. */
export function Avatar({ src, name, size, className = '' }: AvatarProps) {
  const style = { width: size, height: size, objectFit: 'cover' as const };
  if (src) {
    return (
      <img
        src={src}
        alt={name}
        className={`rounded-circle ${className}`}
        style={style}
        draggable={false}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={name}
      className={`rounded-circle bg-secondary text-white d-inline-flex align-items-center justify-content-center ${className}`}
      style={{ ...style, fontSize: size / 2.5 }}
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
