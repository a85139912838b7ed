import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  openApiDocument: () => void;
  isMac: boolean;
  /** The packaged app: no developer tools for staff. */
  isPackaged: boolean;
}

/** The application menu: standard roles, plus a way to the API's OpenAPI document. */
export function buildMenuTemplate({ openApiDocument, isMac, isPackaged }: MenuActions): MenuItemConstructorOptions[] {
  const developerItems: MenuItemConstructorOptions[] = isPackaged ? [] : [{ role: 'toggleDevTools' }];
  return [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    { label: 'File', submenu: [isMac ? { role: 'close' as const } : { role: 'quit' as const }] },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [{ role: 'reload' }, ...developerItems, { type: 'separator' }, { role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { type: 'separator' }, { role: 'togglefullscreen' }],
    },
    { role: 'windowMenu' },
    { role: 'help', submenu: [{ label: 'Open the API description (OpenAPI)', click: openApiDocument }] },
  ];
}
