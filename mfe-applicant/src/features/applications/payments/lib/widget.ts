/**
 * Lenco's inline checkout in the browser: the script is added once and
 * `window.LencoPay` is checked 20 times every 500 ms (spec §9) before giving up.
 */
import { TIMINGS } from 'shared-api';

export interface LencoCustomer {
  firstName: string;
  lastName: string;
  phone: string;
}

export interface LencoPayOptions {
  key: string;
  reference: string;
  email: string;
  amount: number;
  currency: string;
  channels: string[];
  customer: LencoCustomer;
  onSuccess: (response: { reference?: string } | undefined) => void;
  onClose: () => void;
  onConfirmationPending: () => void;
}

export interface LencoPay {
  getPaid(options: LencoPayOptions): void;
}

declare global {
  interface Window {
    LencoPay?: LencoPay;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function currentWidget(): LencoPay | null {
  const widget = window.LencoPay;
  return widget && typeof widget.getPaid === 'function' ? widget : null;
}

/** The widget, or null when it did not appear after the allowed tries. */
export async function loadLencoWidget(url: string, tries: number = TIMINGS.paymentScriptTries, intervalMs: number = TIMINGS.paymentScriptIntervalMs): Promise<LencoPay | null> {
  if (currentWidget()) return currentWidget();
  const already = Array.from(document.querySelectorAll<HTMLScriptElement>('script[data-lenco-widget]')).some((s) => s.dataset.lencoWidget === url);
  if (!already) {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.lencoWidget = url;
    document.head.appendChild(script);
  }
  for (let attempt = 0; attempt < tries; attempt += 1) {
    await sleep(intervalMs);
    const widget = currentWidget();
    if (widget) return widget;
  }
  return null;
}
