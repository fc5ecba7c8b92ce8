import type { ReactNode } from 'react';

// Small line icons drawn for the toolbar (16×16, currentColor), so the editor needs no icon font.

const paths: Record<string, ReactNode> = {
  image: (
    <>
      <rect x="1.5" y="2.5" width="13" height="11" rx="1.5" />
      <circle cx="5.5" cy="6" r="1.3" />
      <path d="M2 12l4-4 3 3 2-2 3.5 3.5" />
    </>
  ),
  link: (
    <>
      <path d="M6.8 9.2a3 3 0 0 0 4.2 0l2.3-2.3a3 3 0 0 0-4.2-4.2L8 3.8" />
      <path d="M9.2 6.8a3 3 0 0 0-4.2 0L2.7 9.1a3 3 0 0 0 4.2 4.2L8 12.2" />
    </>
  ),
  media: (
    <>
      <rect x="1.5" y="2.5" width="13" height="11" rx="1.5" />
      <path d="M6.5 5.5v5l4-2.5z" fill="currentColor" />
    </>
  ),
  undo: <path d="M5.5 3L2.5 6l3 3M2.5 6h7a4 4 0 0 1 0 8H7" />,
  redo: <path d="M10.5 3l3 3-3 3M13.5 6h-7a4 4 0 0 0 0 8H9" />,
  removeFormat: (
    <>
      <path d="M3 3.5h8M7 3.5L5 12.5M3.5 12.5h3" />
      <path d="M10 9.5l4 4M14 9.5l-4 4" />
    </>
  ),
  bulletList: (
    <>
      <circle cx="2.8" cy="4" r="1" fill="currentColor" />
      <circle cx="2.8" cy="8" r="1" fill="currentColor" />
      <circle cx="2.8" cy="12" r="1" fill="currentColor" />
      <path d="M6 4h8M6 8h8M6 12h8" />
    </>
  ),
  orderedList: (
    <>
      <path d="M2 2.8l1-.6v3.4M1.8 5.6h2.2" strokeWidth="1.1" />
      <path d="M1.8 9.3a1 1 0 0 1 2 .2c0 .7-2 1.6-2 2.6h2.1" strokeWidth="1.1" />
      <path d="M6 4h8M6 8h8M6 12h8" />
    </>
  ),
  taskList: (
    <>
      <rect x="1.5" y="2" width="4" height="4" rx=".8" />
      <path d="M2.4 4l1 1 1.6-2" />
      <rect x="1.5" y="10" width="4" height="4" rx=".8" />
      <path d="M8 4h6M8 12h6" />
    </>
  ),
  code: <path d="M5.5 4L1.5 8l4 4M10.5 4l4 4-4 4" />,
  codeBlock: (
    <>
      <rect x="1.5" y="1.5" width="13" height="13" rx="1.5" />
      <path d="M6.5 5.5L4 8l2.5 2.5M9.5 5.5L12 8l-2.5 2.5" />
    </>
  ),
  alignLeft: <path d="M2 3.5h12M2 6.5h8M2 9.5h12M2 12.5h8" />,
  alignCenter: <path d="M2 3.5h12M4 6.5h8M2 9.5h12M4 12.5h8" />,
  alignRight: <path d="M2 3.5h12M6 6.5h8M2 9.5h12M6 12.5h8" />,
  alignJustify: <path d="M2 3.5h12M2 6.5h12M2 9.5h12M2 12.5h12" />,
  outdent: <path d="M2 2.5h12M7 6.5h7M7 9.5h7M2 13.5h12M5 5.5L2.5 8 5 10.5" />,
  indent: <path d="M2 2.5h12M7 6.5h7M7 9.5h7M2 13.5h12M2.5 5.5L5 8l-2.5 2.5" />,
  table: (
    <>
      <rect x="1.5" y="2.5" width="13" height="11" rx="1" />
      <path d="M1.5 6h13M1.5 9.8h13M6 2.5v11M10.3 2.5v11" />
    </>
  ),
};

export type IconName = keyof typeof paths;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg
      className="tales-editor-icon"
      width="16"
      height="16"
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.4"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {paths[name]}
    </svg>
  );
}
