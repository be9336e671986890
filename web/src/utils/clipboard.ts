// Copy with the seed's success/failure toast (seed 000 §8).
import { i18n } from '../modules/i18n/i18n';
import { showToast } from '../modules/toast/states/toastState';

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    showToast(i18n.t('common:copySuccess'), 'success');
    return true;
  } catch {
    showToast(i18n.t('common:copyFailed'));
    return false;
  }
}
