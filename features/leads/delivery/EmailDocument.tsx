import { Fragment, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { type EmailBlock, type EmailMessage, textParts } from '../../../lib/leads/emails.ts';
import { agency } from '../../../lib/site.ts';

// An email's HTML part, rendered on the server from the same content as its text part
// (lib/leads/emails.ts). Mail apps ignore most of CSS: the layout is one centred table, the styles sit
// in one <style> block, and only what some apps drop from a stylesheet (button colours, bar widths) is
// written inline. No images, no tracking pixels, no scripts.

const STYLES = `
body { margin: 0; padding: 0; background: #f1f5f9; color: #0f172a; font-family: -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif; }
td, p, li { overflow-wrap: break-word; }
a { overflow-wrap: anywhere; }
.nowrap { white-space: nowrap; }
.frame { width: 100%; background: #f1f5f9; }
.card { width: 100%; max-width: 600px; background: #ffffff; border-radius: 12px; }
.brand { padding: 20px 28px; border-bottom: 1px solid #e2e8f0; font-size: 15px; font-weight: 700; color: #1d4ed8; }
.body { padding: 24px 28px 8px; }
h1 { margin: 0 0 16px; font-size: 22px; line-height: 1.3; }
h2 { margin: 24px 0 8px; font-size: 16px; }
p { margin: 0 0 16px; font-size: 15px; line-height: 1.6; }
a { color: #1d4ed8; }
.facts { width: 100%; table-layout: fixed; border-collapse: collapse; margin: 0 0 16px; }
.facts td { padding: 6px 0; border-bottom: 1px solid #f1f5f9; font-size: 14px; vertical-align: top; }
.facts .label { width: 40%; padding-right: 12px; color: #475569; }
.score { margin: 0 0 16px; padding: 16px; background: #f8fafc; border-radius: 10px; }
.score .number { font-size: 36px; font-weight: 800; color: #1d4ed8; }
.score .of { font-size: 16px; color: #475569; }
.row { margin: 0 0 14px; }
.row .name { font-size: 14px; font-weight: 600; }
.row .why { margin: 4px 0 0; font-size: 13px; color: #475569; }
.bar { width: 100%; border-collapse: collapse; margin-top: 4px; }
ol, ul { margin: 0 0 16px; padding-left: 22px; }
li { margin: 0 0 8px; font-size: 15px; line-height: 1.5; }
.figure { margin: 0 0 16px; padding: 14px 16px; border: 1px solid #e2e8f0; border-radius: 10px; }
.figure .label { margin: 0; font-size: 14px; color: #475569; }
.figure .value { margin: 2px 0 0; font-size: 24px; font-weight: 800; color: #0f172a; }
.figure .note { margin: 4px 0 0; font-size: 13px; color: #475569; }
.tip { margin: 0 0 16px; padding: 12px 16px; background: #eff6ff; border-left: 4px solid #1d4ed8; font-size: 14px; line-height: 1.5; }
.task .line { display: block; font-size: 14px; color: #475569; }
.task .late { color: #b91c1c; font-weight: 700; }
.footer { padding: 16px 28px 24px; font-size: 12px; line-height: 1.6; color: #64748b; }
.footer p { margin: 0 0 6px; font-size: 12px; }
`;

const button = {
  display: 'inline-block',
  padding: '12px 20px',
  background: '#1d4ed8',
  color: '#ffffff',
  border: '2px solid #1d4ed8',
  borderRadius: '8px',
  fontWeight: 700,
  textDecoration: 'none',
  overflowWrap: 'normal',
} as const;
/** Any button but the email's one call to action: outlined, so the two never compete. */
const secondaryButton = { ...button, background: '#ffffff', color: '#1d4ed8' } as const;

/** Words with the agency's contact details linked and the address kept whole where it must be (lib/leads/emails.ts: textParts). */
function Text({ text }: { text: string }): ReactNode {
  let offset = 0;
  return textParts(text).map((part) => {
    // Where the run starts in the text: its identity.
    const key = offset;
    offset += part.text.length;
    const className = part.nowrap ? 'nowrap' : undefined;
    if (part.href)
      return (
        <a key={key} href={part.href} className={className}>
          {part.text}
        </a>
      );
    return className ? (
      <span key={key} className={className}>
        {part.text}
      </span>
    ) : (
      <Fragment key={key}>{part.text}</Fragment>
    );
  });
}

function Block({ block }: { block: EmailBlock }): ReactNode {
  switch (block.kind) {
    case 'paragraph':
      return (
        <p>
          <Text text={block.text} />
        </p>
      );
    case 'facts':
      return (
        <table className="facts" role="presentation">
          <tbody>
            {block.rows.map((row) => (
              <tr key={row.label}>
                <td className="label">{row.label}</td>
                <td>{row.href ? <a href={row.href}>{row.value}</a> : row.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      );
    case 'score':
      return (
        <div className="score">
          <span className="number">{block.score}</span>
          <span className="of">/100</span>
          <p style={{ margin: '4px 0 0', fontWeight: 700 }}>{block.message}</p>
        </div>
      );
    case 'breakdown':
      return (
        <>
          <h2>{block.title}</h2>
          {block.rows.map((row) => {
            const percent = Math.round((row.points / row.max) * 100);
            return (
              <div className="row" key={row.label}>
                <div className="name">{`${row.label}: ${row.points}/${row.max}`}</div>
                <table className="bar" role="presentation">
                  <tbody>
                    <tr>
                      <td style={{ width: `${percent}%`, height: '6px', background: '#2563eb' }} />
                      <td style={{ height: '6px', background: '#e2e8f0' }} />
                    </tr>
                  </tbody>
                </table>
                <p className="why">{row.why}</p>
              </div>
            );
          })}
        </>
      );
    case 'links':
      return (
        <>
          <h2>{block.title}</h2>
          <ol>
            {block.items.map((item) => (
              <li key={item.href}>
                <a href={item.href}>{item.label}</a>
              </li>
            ))}
          </ol>
        </>
      );
    case 'steps':
      return (
        <>
          <h2>{block.title}</h2>
          <ol>
            {block.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ol>
        </>
      );
    case 'button':
      return (
        <p>
          <a href={block.href} style={block.secondary ? secondaryButton : button}>
            {block.label}
          </a>
        </p>
      );
    case 'tip':
      return (
        <div className="tip">
          <strong>{`${block.label}: `}</strong>
          <Text text={block.text} />
        </div>
      );
    case 'figure':
      return (
        <div className="figure">
          <p className="label">{block.label}</p>
          <p className="value">{block.value}</p>
          {block.note ? <p className="note">{block.note}</p> : null}
        </div>
      );
    case 'tasks':
      return (
        <>
          <h2>{block.title}</h2>
          <ul>
            {block.items.map((item) => (
              <li key={item.href} className="task">
                <a href={item.href}>{item.label}</a>
                {item.lines.map((line, i) => (
                  // The first line is the lateness when the item is late: marked in red and bold, as well as said in words.
                  <span key={line} className={item.late && i === 0 ? 'line late' : 'line'}>
                    {line}
                  </span>
                ))}
              </li>
            ))}
          </ul>
        </>
      );
  }
}

function EmailDocument({ message }: { message: EmailMessage }) {
  return (
    <html lang="en-CA">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{message.subject}</title>
        <style>{STYLES}</style>
      </head>
      <body>
        {/* The preheader: shown by mail apps after the subject, hidden in the message itself. */}
        <div style={{ display: 'none', maxHeight: 0, overflow: 'hidden' }}>{message.preheader}</div>
        <table className="frame" role="presentation" cellPadding={0} cellSpacing={0}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 12px' }}>
                <table className="card" role="presentation" cellPadding={0} cellSpacing={0}>
                  <tbody>
                    <tr>
                      <td className="brand">{agency.name}</td>
                    </tr>
                    <tr>
                      <td className="body">
                        <h1>{message.heading}</h1>
                        {message.blocks.map((block, i) => (
                          // Blocks are a fixed list built once per message: the index is their identity.
                          // biome-ignore lint/suspicious/noArrayIndexKey: see above
                          <Block key={i} block={block} />
                        ))}
                      </td>
                    </tr>
                    <tr>
                      <td className="footer">
                        {message.footer.map((line) => (
                          <p key={line}>
                            <Text text={line} />
                          </p>
                        ))}
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

/** The HTML part of an email. */
export const emailHtml = (message: EmailMessage): string => `<!DOCTYPE html>${renderToStaticMarkup(<EmailDocument message={message} />)}`;
