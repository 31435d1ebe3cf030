/**
 * The document viewer: yet-another-react-lightbox with the spec §9 defaults.
 * Loaded as its own chunk, with its stylesheet, only when a document is opened.
 */
import { useEffect } from 'react';
import Lightbox from 'yet-another-react-lightbox';
import stylesUrl from 'yet-another-react-lightbox/styles.css';

export interface DocumentSlide {
  src: string;
  alt: string;
  title: string;
}

/**
 * Fade 250 ms, swipe 500 ms, preload 2, padding 16px. The 30px swipe threshold
 * and the 60px pull-to-close distance are the library's built-in values;
 * pull-down-to-close is switched on.
 */
export const LIGHTBOX_SETTINGS = {
  animation: { fade: 250, swipe: 500 },
  carousel: { preload: 2, padding: '16px' as const },
  controller: { closeOnPullDown: true, closeOnBackdropClick: true },
};

function useStylesheet(href: unknown): void {
  useEffect(() => {
    if (typeof href !== 'string' || href === '') return;
    if (document.head.querySelector(`link[data-lightbox-styles]`)) return;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.dataset.lightboxStyles = 'true';
    document.head.appendChild(link);
  }, [href]);
}

export default function DocumentLightbox({ slides, index, onClose }: { slides: DocumentSlide[]; index: number; onClose: () => void }) {
  useStylesheet(stylesUrl);
  return <Lightbox open close={onClose} index={index} slides={slides} {...LIGHTBOX_SETTINGS} />;
}
