import type { Extensions } from '@tiptap/react';
import Image from '@tiptap/extension-image';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { Placeholder } from '@tiptap/extensions';
import StarterKit from '@tiptap/starter-kit';
import { isAllowedLinkHref, isOwnOrHttpUrl } from '../rules';
import { Indent } from './Indent';
import { Audio, MediaCommands, Video } from './Media';
import { Subscript, Superscript } from './Script';
import { Table, TableCell, TableHeader, TableRoles, TableRow } from './Table';
import { TextAlign } from './TextAlign';
import { TextStyle } from './TextStyle';

/** rel written on every link; the server's sanitiser sets the same. */
export const LINK_REL = 'noopener nofollow ugc';

// Images: only http(s) or own-site sources are read from pasted HTML (data: URIs never).
const SafeImage = Image.extend({
  parseHTML() {
    return [
      {
        tag: 'img[src]',
        getAttrs: (element) => (isOwnOrHttpUrl((element.getAttribute('src') ?? '').trim()) ? null : false),
      },
    ];
  },
}).configure({ inline: false, allowBase64: false });

export function editorExtensions(placeholder: () => string): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3, 4] },
      link: {
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: 'https',
        isAllowedUri: (url) => isAllowedLinkHref(url),
        HTMLAttributes: { rel: LINK_REL, target: '_blank' },
      },
    }),
    TaskList,
    TaskItem.configure({ nested: true }),
    TextStyle,
    TextAlign,
    Indent,
    Subscript,
    Superscript,
    SafeImage,
    Video,
    Audio,
    MediaCommands,
    TableRoles,
    Table,
    TableRow,
    TableHeader,
    TableCell,
    Placeholder.configure({ placeholder }),
  ];
}
