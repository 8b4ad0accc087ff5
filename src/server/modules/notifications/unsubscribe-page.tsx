import { INVALID_UNSUBSCRIBE_LINK } from '@shared/notifications.contract';
import { PRODUCT_NAME } from '@shared/product';
import type { ReactNode } from 'react';
import { emailHtml as html } from '../../mail/templates/layout';

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} · ${PRODUCT_NAME}`}</title>
      </head>
      <body
        style={{
          margin: 0,
          padding: '48px 16px',
          fontFamily: FONT,
          backgroundColor: '#f5f5f4',
          color: '#1c1917',
        }}
      >
        <main
          style={{
            maxWidth: 480,
            margin: '0 auto',
            padding: 28,
            backgroundColor: '#ffffff',
            borderRadius: 12,
            lineHeight: 1.5,
          }}
        >
          <p style={{ margin: 0, fontSize: 20, fontWeight: 700, color: '#c2410c' }}>
            {PRODUCT_NAME}
          </p>
          <h1 style={{ fontSize: 22, margin: '16px 0 8px' }}>{title}</h1>
          {children}
        </main>
      </body>
    </html>
  );
}

/** The page an unsubscribe link opens: nothing changes until the button is pressed (a POST). */
export function confirmPage(label: string, action: string): string {
  return html(
    <Page title={`Turn off ${label}?`}>
      <p>
        You will no longer get &lsquo;{label}&rsquo; emails. You can turn them on again in Settings.
      </p>
      <form method="post" action={action}>
        <input type="hidden" name="List-Unsubscribe" value="One-Click" />
        <button
          type="submit"
          style={{
            padding: '12px 20px',
            border: 0,
            borderRadius: 8,
            backgroundColor: '#c2410c',
            color: '#ffffff',
            fontSize: 16,
            fontWeight: 600,
            cursor: 'pointer',
          }}
        >
          Turn off
        </button>
      </form>
    </Page>,
  );
}

/** After the POST: the switch is off. */
export function donePage(label: string): string {
  return html(
    <Page title={`${label} is off`}>
      <p>
        You will no longer get &lsquo;{label}&rsquo; emails. You can turn them on again in Settings.
      </p>
    </Page>,
  );
}

/** A forged, damaged or outdated link: nothing changed. */
export function invalidPage(): string {
  return html(
    <Page title="Link not valid">
      <p>{INVALID_UNSUBSCRIBE_LINK}</p>
    </Page>,
  );
}
