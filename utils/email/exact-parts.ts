import PostalMime, { type Attachment, type PostalMimeOptions } from 'postal-mime';

// postal-mime hands an attachment over changed in two ways: a calendar part
// (text/calendar, application/ics) re-encoded as text ending in one newline,
// and a part sent as lines (7bit, 8bit, quoted-printable) with a newline
// after its last line, which belongs to the boundary after it (RFC 2046
// §5.1.1). An empty part was hashed as one newline (issue 38), and an .ics
// had another hash than the file sent. This parser keeps the bytes the part
// decodes to, as a mail client saves them.

/** What postal-mime's attachment hook (collectAttachment in its src/postal-mime.ts, internal) is told of the part. */
interface PartNode {
  contentTransferEncoding?: { encoding?: string };
}

type CollectAttachment = (node: PartNode, content: ArrayBuffer, ...rest: unknown[]) => void;

/** The bytes a part decodes to: a line-based decoder's newline after the last line taken off. */
function exactPartBytes(content: ArrayBuffer, encoding: string): ArrayBuffer {
  const lineBased = !/base64/i.test(encoding);
  return lineBased && new Uint8Array(content).at(-1) === 0x0a ? content.slice(0, -1) : content;
}

/** postal-mime, each attachment's content the bytes its part decodes to. */
export class ExactPostalMime extends PostalMime {
  constructor(options: PostalMimeOptions) {
    super(options);
    const parser = this as unknown as { collectAttachment?: CollectAttachment; attachments: Attachment[] };
    const collect = parser.collectAttachment?.bind(this);
    // Should a release of postal-mime rename its hook, its own content is kept (and the tests say so).
    if (!collect) return;
    parser.collectAttachment = (node, content, ...rest) => {
      collect(node, content, ...rest);
      const attachment = parser.attachments.at(-1);
      if (attachment && content instanceof ArrayBuffer) attachment.content = exactPartBytes(content, node.contentTransferEncoding?.encoding ?? '');
    };
  }
}
