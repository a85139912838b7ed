import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  /** Absent when the desk is a window onto the shelter server: its API is not on this computer. */
  openApiDocument?: () => void;
  /** Forget whether this computer keeps the records or connects to the shelter server, and ask again. */
  changeDeskMode: () => void;
  isMac: boolean;
  /** The packaged app: no developer tools for staff. */
  isPackaged: boolean;
}

/** The application menu: standard roles, plus a way to the API's OpenAPI document. */
export function buildMenuTemplate({
  openApiDocument,
  changeDeskMode,
  isMac,
  isPackaged,
}: MenuActions): MenuItemConstructorOptions[] {
  const developerItems: MenuItemConstructorOptions[] = isPackaged ? [] : [{ role: 'toggleDevTools' }];
  const helpMenu: MenuItemConstructorOptions[] = openApiDocument
    ? [{ role: 'help', submenu: [{ label: 'Open the API description (OpenAPI)', click: openApiDocument }] }]
    : [];
  return [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'Change how this computer works…', click: changeDeskMode },
        { type: 'separator' },
        isMac ? { role: 'close' as const } : { role: 'quit' as const },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        ...developerItems,
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    ...helpMenu,
  ];
}
