import { ExternalLink } from 'lucide-react';

/** The interactive API reference (/api/docs), served beside the app: opened in a new tab. */
export function ApiReferenceLink() {
  return (
    <a
      href="/api/docs"
      target="_blank"
      rel="noreferrer"
      className="font-medium whitespace-nowrap text-foreground underline underline-offset-4 hover:text-primary"
    >
      API reference
      <ExternalLink aria-hidden="true" className="ml-1 inline size-3.5 align-[-0.125em]" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
