import { useEffect } from 'react';

/** While the page shows a gym: the tab title is the gym's name, the tab icon its logo (icon size). */
export function useGymDocument(name: string | undefined, iconUrl: string | null | undefined): void {
  useEffect(() => {
    if (!name) return;
    const previous = document.title;
    document.title = name;
    return () => {
      document.title = previous;
    };
  }, [name]);

  useEffect(() => {
    if (!iconUrl) return;
    const link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
    if (!link) return;
    const previous = { href: link.getAttribute('href'), type: link.getAttribute('type') };
    link.setAttribute('href', iconUrl);
    link.setAttribute('type', 'image/png');
    return () => {
      if (previous.href) link.setAttribute('href', previous.href);
      if (previous.type) link.setAttribute('type', previous.type);
      else link.removeAttribute('type');
    };
  }, [iconUrl]);
}
