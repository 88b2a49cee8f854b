import PostalMime, { type Attachment, type PostalMimeOptions } from 'postal-mime';

// postal-mime hands an attachment over changed in two ways: a calendar part
// (text/calendar, application/ics) re-encoded as text ending in one newline,
// and a part sent as lines (7bit, 8bit, quoted-printable) with a newline
// after its last line, which belongs to the boundary after it (RFC 2046
// §5.1.1). An empty part was hashed as one newline (issue 38), and an .ics
// had another hash than the file sent. This parser keeps the bytes the part
// decodes to, as a mail client saves them.
//
// It also reads a part sent as lines without postal-mime's copies (issue 38:
// a 20 MB email attaching itself took the review window to 400 MB): postal-mime
// keeps a view object per line, joins them in a Blob and reads that back;
// here each line is two numbers, and the part is copied once.

/** A postal-mime part decoder (internal: its src/mime-node.ts); its pass-through one keeps `chunks`. */
interface PartDecoder {
  update(line: Uint8Array): void;
  finalize(): Promise<ArrayBuffer>;
  chunks?: unknown[];
}

/** What postal-mime's hooks (collectAttachment, processLine in its src/postal-mime.ts, internal) are told of a part. */
interface PartNode {
  contentTransferEncoding?: { encoding?: string };
  contentDecoder?: PartDecoder | null;
}

type CollectAttachment = (node: PartNode, content: ArrayBuffer, ...rest: unknown[]) => void;
type ProcessLine = (line: Uint8Array, isFinal: boolean) => Promise<void>;

/** Whether postal-mime reads a part of this transfer encoding as lines kept as they are (its setupContentDecoder's rule). */
function isPassThrough(encoding: string): boolean {
  return !/base64|quoted-printable/i.test(encoding);
}

/** Content a LineSpanDecoder made: its last byte is the newline it added. */
const spanContents = new WeakSet<ArrayBuffer>();

/**
 * postal-mime's pass-through decoder, its output the same (each line and a
 * "\n"), without a view per line and a Blob: the lines are places in the
 * email's bytes, copied once when the part ends.
 */
class LineSpanDecoder implements PartDecoder {
  private source: ArrayBufferLike | undefined;
  /** Offset and length of each line in `source`. */
  private readonly spans: number[] = [];
  private total = 0;

  update(line: Uint8Array): void {
    this.source ??= line.buffer;
    // postal-mime's lines are views of the one buffer it reads (its readLine).
    if (line.buffer !== this.source) throw new Error('A part’s lines come from one buffer.');
    this.spans.push(line.byteOffset, line.byteLength);
    this.total += line.byteLength + 1;
  }

  finalize(): Promise<ArrayBuffer> {
    const joined = new Uint8Array(this.total);
    let at = 0;
    for (let index = 0; index < this.spans.length; index += 2) {
      const [offset, length] = [this.spans[index]!, this.spans[index + 1]!];
      joined.set(new Uint8Array(this.source!, offset, length), at);
      at += length;
      joined[at++] = 0x0a;
    }
    spanContents.add(joined.buffer);
    return Promise.resolve(joined.buffer);
  }
}

/** The bytes a part decodes to: a line-based decoder's newline after the last line left out (a view, not a copy, where this parser joined the lines). */
function exactPartBytes(content: ArrayBuffer, encoding: string): ArrayBuffer | Uint8Array {
  const lineBased = !/base64/i.test(encoding);
  if (!lineBased || new Uint8Array(content).at(-1) !== 0x0a) return content;
  return spanContents.has(content) ? new Uint8Array(content, 0, content.byteLength - 1) : content.slice(0, -1);
}

/** Puts a LineSpanDecoder in place of the pass-through decoder postal-mime just gave `node` (before any line of its body). */
function useLineSpans(node: PartNode | undefined): void {
  const decoder = node?.contentDecoder;
  // Only a pass-through decoder no line has been fed to yet.
  if (!node || !decoder || decoder.chunks?.length !== 0 || !isPassThrough(node.contentTransferEncoding?.encoding ?? '')) return;
  node.contentDecoder = new LineSpanDecoder();
}

/** postal-mime, each attachment's content the bytes its part decodes to, parts sent as lines read without copies. */
export class ExactPostalMime extends PostalMime {
  constructor(options: PostalMimeOptions) {
    super(options);
    const parser = this as unknown as { collectAttachment?: CollectAttachment; processLine?: ProcessLine; currentNode?: PartNode; attachments: Attachment[] };
    const collect = parser.collectAttachment?.bind(this);
    const processLine = parser.processLine?.bind(this);
    // Should a release of postal-mime rename its hooks, its own content is kept (and the tests say so).
    if (processLine) {
      // A part's decoder is set up when its header's blank line is fed, which processLine does before it first waits.
      parser.processLine = (line, isFinal) => {
        const processed = processLine(line, isFinal);
        useLineSpans(parser.currentNode);
        return processed;
      };
    }
    if (!collect) return;
    parser.collectAttachment = (node, content, ...rest) => {
      collect(node, content, ...rest);
      const attachment = parser.attachments.at(-1);
      if (attachment && content instanceof ArrayBuffer) attachment.content = exactPartBytes(content, node.contentTransferEncoding?.encoding ?? '');
    };
  }
}
