import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  openApiDocument: () => void;
  isMac: boolean;
}

/** The application menu: standard roles, plus a way to the API's OpenAPI document. */
export function buildMenuTemplate({ openApiDocument, isMac }: MenuActions): MenuItemConstructorOptions[] {
  return [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    { label: 'File', submenu: [isMac ? { role: 'close' as const } : { role: 'quit' as const }] },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [{ role: 'reload' }, { role: 'toggleDevTools' }, { type: 'separator' }, { role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { type: 'separator' }, { role: 'togglefullscreen' }],
    },
    { role: 'windowMenu' },
    { role: 'help', submenu: [{ label: 'Open the API description (OpenAPI)', click: openApiDocument }] },
  ];
}
