import type { ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** A React document as HTML text (an email, or the unsubscribe pages). */
export const emailHtml = (element: ReactElement) =>
  `<!DOCTYPE html>${renderToStaticMarkup(element)}`;

/** Cadence's accent (the web app's --primary, as a hex colour mail clients understand). */
const ACCENT = '#c2410c';
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/**
 * The frame of every Cadence email: a single centred column (600 px at most, full width on a
 * phone), the product's name on top, inline styles only (mail clients drop style sheets).
 */
export function EmailLayout({ preview, children }: { preview: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: '#f5f5f4', fontFamily: FONT }}>
        {/* The inbox's one-line preview, never shown in the message itself. */}
        <div style={{ display: 'none', maxHeight: 0, overflow: 'hidden' }}>{preview}</div>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 12px' }}>
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{ maxWidth: 600, backgroundColor: '#ffffff', borderRadius: 12 }}
                >
                  <tbody>
                    <tr>
                      <td style={{ padding: '24px 28px 0', fontSize: 20, fontWeight: 700 }}>
                        <span style={{ color: ACCENT }}>Cadence</span>
                      </td>
                    </tr>
                    <tr>
                      <td
                        style={{
                          padding: '16px 28px 28px',
                          color: '#1c1917',
                          fontSize: 16,
                          lineHeight: '24px',
                        }}
                      >
                        {children}
                      </td>
                    </tr>
                  </tbody>
                </table>
                <p style={{ color: '#78716c', fontSize: 12, margin: '16px 0 0' }}>
                  Sent by Cadence, class videos for gyms and studios.
                </p>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

/** The message's one action, as a button that stays a plain link where buttons do not render. */
export function EmailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} style={{ margin: '24px 0' }}>
      <tbody>
        <tr>
          <td style={{ backgroundColor: ACCENT, borderRadius: 8 }}>
            <a
              href={href}
              style={{
                display: 'inline-block',
                padding: '12px 20px',
                color: '#ffffff',
                fontWeight: 600,
                textDecoration: 'none',
              }}
            >
              {children}
            </a>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

/** The link written out, for clients that show no button. */
export function EmailLinkText({ href }: { href: string }) {
  return (
    <p style={{ fontSize: 13, color: '#57534e', wordBreak: 'break-all' }}>
      Or paste this link into your browser: <a href={href}>{href}</a>
    </p>
  );
}
