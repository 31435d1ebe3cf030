/**
 * The full-screen viewer of attached files. Loaded as its own chunk (React.lazy)
 * only when a reviewer opens a file, so the library never weighs on other pages.
 */
import { useEffect } from 'react';
import Lightbox from 'yet-another-react-lightbox';
import lightboxCss from 'yet-another-react-lightbox/styles.css';

function useStylesheet(href: unknown) {
  useEffect(() => {
    if (typeof href !== 'string' || document.querySelector(`link[data-lightbox-css]`)) return;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.dataset.lightboxCss = 'true';
    document.head.appendChild(link);
  }, [href]);
}

export interface LightboxSlide {
  src: string;
  alt: string;
}

export default function FileLightbox({ slides, index, onClose }: { slides: LightboxSlide[]; index: number; onClose: () => void }) {
  useStylesheet(lightboxCss);
  // The library's defaults as the spec states them: fade 250 ms, swipe 500 ms,
  // preload 2, padding 16px; its swipe threshold (30 px) and pull-to-close
  // distance (60 px) are built in and only need the pull gesture switched on.
  return (
    <Lightbox
      open
      close={onClose}
      index={index}
      slides={slides}
      animation={{ fade: 250, swipe: 500 }}
      carousel={{ preload: 2, padding: '16px', finite: slides.length <= 1 }}
      controller={{ closeOnPullDown: true, closeOnBackdropClick: true }}
    />
  );
}
