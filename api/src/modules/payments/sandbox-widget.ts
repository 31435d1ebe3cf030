/**
 * The offline sandbox's stand-in for Lenco's inline checkout script
 * (https://pay.lenco.co/js/v1/inline.js): `window.LencoPay.getPaid(options)`
 * opens an accessible modal in the page, lets the tester pick a channel and an
 * outcome, records it with the sandbox and fires onSuccess /
 * onConfirmationPending / onClose as Lenco does. Styles are set through the
 * CSSOM so a strict Content-Security-Policy does not block them.
 */
export const SANDBOX_WIDGET_JS = String.raw`(function () {
  'use strict';
  var script = document.currentScript;
  var base = script && script.src ? script.src.replace(/\/js\/v1\/inline\.js(\?.*)?$/, '') : '/sandbox/lenco';

  function el(tag, props, children) {
    var node = document.createElement(tag);
    Object.keys(props || {}).forEach(function (key) {
      if (key === 'style') Object.assign(node.style, props.style);
      else if (key === 'text') node.textContent = props.text;
      else if (key.indexOf('on') === 0) node.addEventListener(key.slice(2), props[key]);
      else node.setAttribute(key, props[key]);
    });
    (children || []).forEach(function (child) { node.appendChild(child); });
    return node;
  }
  var buttonStyle = { display: 'block', width: '100%', margin: '8px 0', padding: '10px 12px', fontSize: '16px', borderRadius: '6px', border: '1px solid #14213d', cursor: 'pointer', background: '#fff', color: '#14213d' };
  function button(label, onClick, primary) {
    var style = Object.assign({}, buttonStyle, primary ? { background: '#14213d', color: '#fff' } : {});
    return el('button', { type: 'button', style: style, text: label, onclick: onClick });
  }

  function getPaid(options) {
    options = options || {};
    var previousFocus = document.activeElement;
    var amount = Number(options.amount);
    var currency = String(options.currency || 'ZMW');
    var channels = Array.isArray(options.channels) && options.channels.length ? options.channels : ['card', 'mobile-money'];
    var labels = { card: 'Card', 'mobile-money': 'Mobile money' };
    var chosen = channels[0];
    var done = false;

    var title = el('h2', { id: 'lenco-sandbox-title', text: 'Lenco Sandbox Checkout', style: { margin: '0 0 8px', fontSize: '20px' } });
    var amountLine = el('p', { text: currency + ' ' + (isFinite(amount) ? amount.toFixed(2) : String(options.amount)), style: { fontSize: '24px', fontWeight: '700', margin: '0 0 4px' } });
    var note = el('p', { text: 'Offline sandbox: no real money moves. Reference ' + options.reference, style: { fontSize: '13px', margin: '0 0 12px', color: '#444' } });
    var status = el('p', { role: 'status', 'aria-live': 'polite', style: { minHeight: '1.2em', margin: '8px 0', fontWeight: '600' } });
    var legend = el('legend', { text: 'Pay with', style: { fontWeight: '600' } });
    var fieldset = el('fieldset', { style: { border: '1px solid #ccc', borderRadius: '6px', margin: '0 0 8px', padding: '8px 12px' } }, [legend]);
    channels.forEach(function (channel, index) {
      var id = 'lenco-sandbox-channel-' + channel;
      var input = el('input', { type: 'radio', name: 'lenco-sandbox-channel', id: id, value: channel });
      if (index === 0) input.checked = true;
      input.addEventListener('change', function () { if (input.checked) chosen = channel; });
      fieldset.appendChild(el('div', { style: { margin: '4px 0' } }, [input, el('label', { for: id, text: ' ' + (labels[channel] || channel) })]));
    });
    var actions = el('div', {});
    var panel = el('div', { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'lenco-sandbox-title', tabindex: '-1',
      style: { background: '#fff', color: '#111', borderRadius: '10px', padding: '20px', width: 'min(92vw, 380px)', maxHeight: '92vh', overflowY: 'auto', boxSizing: 'border-box', fontFamily: 'system-ui, sans-serif' } },
      [title, amountLine, note, fieldset, status, actions]);
    var overlay = el('div', { 'data-lenco-sandbox': 'true', style: { position: 'fixed', inset: '0', background: 'rgba(0,0,0,0.55)', display: 'flex', alignItems: 'center', justifyContent: 'center', zIndex: '2147483000' } }, [panel]);

    function teardown() {
      document.removeEventListener('keydown', onKey, true);
      if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
      if (previousFocus && previousFocus.focus) previousFocus.focus();
    }
    function finish(callback, arg) {
      if (done) return;
      done = true;
      teardown();
      if (typeof callback === 'function') callback(arg);
    }
    function onKey(event) {
      if (event.key === 'Escape') { event.preventDefault(); finish(options.onClose); }
      if (event.key === 'Tab') {
        var focusable = panel.querySelectorAll('button, input');
        if (!focusable.length) return;
        var first = focusable[0], last = focusable[focusable.length - 1];
        if (event.shiftKey && document.activeElement === first) { event.preventDefault(); last.focus(); }
        else if (!event.shiftKey && document.activeElement === last) { event.preventDefault(); first.focus(); }
      }
    }
    function record(outcome) {
      status.textContent = 'Processing...';
      Array.prototype.forEach.call(actions.querySelectorAll('button'), function (b) { b.disabled = true; });
      return fetch(base + '/outcome', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ key: options.key, reference: options.reference, amount: options.amount, currency: currency, channel: chosen, outcome: outcome })
      }).then(function (response) {
        return response.json().catch(function () { return {}; }).then(function (body) {
          if (!response.ok) throw new Error(body && body.message ? body.message : 'The sandbox refused the payment.');
          return body;
        });
      });
    }
    function showFailure(message) {
      status.textContent = message;
      while (actions.firstChild) actions.removeChild(actions.firstChild);
      var close = button('Close', function () { finish(options.onClose); }, true);
      actions.appendChild(close);
      close.focus();
    }
    actions.appendChild(button('Pay successfully', function () {
      record('success').then(function () { finish(options.onSuccess, { reference: options.reference, status: 'successful' }); }, function (e) { showFailure(e.message); });
    }, true));
    actions.appendChild(button('Fail payment', function () {
      record('failure').then(function () { showFailure('Payment failed: the sandbox declined this payment.'); }, function (e) { showFailure(e.message); });
    }));
    actions.appendChild(button('Pending then success', function () {
      record('pending-then-success').then(function () { finish(options.onConfirmationPending); }, function (e) { showFailure(e.message); });
    }));
    actions.appendChild(button('Close', function () { finish(options.onClose); }));

    document.addEventListener('keydown', onKey, true);
    document.body.appendChild(overlay);
    var firstInput = panel.querySelector('input');
    (firstInput || panel).focus();
  }

  window.LencoPay = { getPaid: getPaid };
})();
`;
