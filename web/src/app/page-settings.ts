import { PAGE_SETTING_META, type PageSettings } from '../../../common/rules/page-settings';

/** Without the server's tags (the Vite dev server's index.html): a demo install's defaults. */
const WITHOUT_SERVER: PageSettings = { testModeDefault: true, mailDelivers: false };

/** A setting the server wrote into the page's head (server/http/page-html.ts). */
export function pageSetting(key: keyof PageSettings): boolean {
  const content = document
    .querySelector(`meta[name="${PAGE_SETTING_META[key]}"]`)
    ?.getAttribute('content');
  return content === null || content === undefined ? WITHOUT_SERVER[key] : content === 'on';
}
