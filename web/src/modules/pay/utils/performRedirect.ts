// Carries out a redirect action in the browser. A form is rebuilt from the parsed HTML (its fields
// only; the HTML's own scripts never run in the site's page) and submitted.
import { isHttpUrl } from './payContent';
import type { RedirectAction } from './redirectRules';

export function submitPayForm(html: string, doc: Document = document): boolean {
  const source = new DOMParser().parseFromString(html, 'text/html').querySelector('form');
  const action = source?.getAttribute('action') ?? '';
  if (!source || !isHttpUrl(action)) return false;
  const form = doc.createElement('form');
  form.method = (source.getAttribute('method') ?? 'post').toLowerCase() === 'get' ? 'get' : 'post';
  form.action = action;
  form.acceptCharset = source.getAttribute('accept-charset') ?? 'UTF-8';
  form.style.display = 'none';
  source.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input[name], textarea[name], select[name]').forEach((field) => {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = field.name;
    input.value = field.getAttribute('value') ?? field.value ?? '';
    form.appendChild(input);
  });
  doc.body.appendChild(form);
  form.submit();
  return true;
}

/** false when nothing could be done (no URL, no usable form). */
export function performRedirect(action: RedirectAction): boolean {
  switch (action.kind) {
    case 'navigate':
      window.location.assign(action.url);
      return true;
    case 'replace':
      window.location.replace(action.url);
      return true;
    case 'submitForm':
      return submitPayForm(action.html);
    case 'none':
      return false;
  }
}
