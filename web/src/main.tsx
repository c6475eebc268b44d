import { render } from 'preact';
import { HeadlessClient } from './api';
import { Widget } from './widget';
import styles from './styles.css?inline';

/**
 * One tag on the shop's page: `<div data-loyalty-widget data-token-url="/my-loyalty-proof"></div>`
 * and this script. `data-api` is where the service runs (default: where this script came from);
 * `data-token-url` is the shop's own route answering the signed proof for the signed-in shopper;
 * `data-locale` the shopper's language (default: the browser's); `data-cart-total` the cart's total,
 * which bounds the points a dynamic reward may take (its cart share).
 */
const script = document.currentScript as HTMLScriptElement | null;
const serviceOrigin = script?.src ? new URL(script.src).origin : window.location.origin;

function mount(element: HTMLElement): void {
  if (element.dataset.loyaltyMounted) return;
  element.dataset.loyaltyMounted = 'true';
  const base = `${element.dataset.api ?? serviceOrigin}/app/api/v1/headless`;
  const tokenUrl = element.dataset.tokenUrl ?? '/loyalty/token-proof';
  const locale = element.dataset.locale ?? navigator.language ?? 'en';
  const cart = Number(element.dataset.cartTotal);
  const cartTotal = element.dataset.cartTotal && Number.isFinite(cart) && cart >= 0 ? cart : null;
  // Styles inside a shadow root: the shop's CSS and the widget's leave each other alone.
  const root = element.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = styles;
  root.appendChild(style);
  const container = document.createElement('div');
  root.appendChild(container);
  render(
    <Widget api={new HeadlessClient(base, tokenUrl, locale)} initialLocale={locale} cartTotal={cartTotal} />,
    container,
  );
}

function mountAll(): void {
  document.querySelectorAll<HTMLElement>('[data-loyalty-widget]').forEach(mount);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mountAll);
else mountAll();
