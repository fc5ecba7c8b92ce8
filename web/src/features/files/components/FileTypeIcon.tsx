import { type DisplayType, extensionOf } from '@common/models/file';

/** One colour per display type (Bootstrap's palette), so a list of documents reads at a glance. */
const COLOUR: Record<DisplayType, string> = {
  text: '#6c757d',
  text_vector: '#0d6efd',
  table: '#198754',
  presentation: '#fd7e14',
  email_message: '#20c997',
  pdf: '#dc3545',
  archive: '#8c6d1f',
  web: '#6f42c1',
  audio: '#d63384',
  video: '#0dcaf0',
  image: '#6610f2',
  generic: '#495057',
};

/** The short tag written on the icon: the file's own extension, else one that names the type. */
function tagOf(type: DisplayType, name: string): string {
  const ext = extensionOf(name).toUpperCase();
  if (ext && ext.length <= 4) return ext;
  return type === 'generic' ? 'FILE' : type.slice(0, 4).toUpperCase();
}

/**
 * A page with a folded corner and a coloured band naming the type, drawn inline (no icon font or
 * package). `label` is the spoken type; without it the icon is decorative.
 */
export function FileTypeIcon({ type, name, size = 40, label }: { type: DisplayType; name: string; size?: number; label?: string }) {
  const colour = COLOUR[type];
  const tag = tagOf(type, name);
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 40 40"
      className="tales-file-icon flex-shrink-0"
      data-display-type={type}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <path d="M9 2h16l8 8v26a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z" fill="#fff" stroke={colour} strokeWidth="1.5" />
      <path d="M25 2v6a2 2 0 0 0 2 2h6" fill="none" stroke={colour} strokeWidth="1.5" />
      <rect x="3" y="20" width="28" height="11" rx="2" fill={colour} />
      <text
        x="17"
        y="28.3"
        textAnchor="middle"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
        fontSize={tag.length > 3 ? 6.4 : 7.6}
        fontWeight="700"
        fill="#fff"
      >
        {tag}
      </text>
    </svg>
  );
}
