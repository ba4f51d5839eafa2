import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { BrowserWindow, app, dialog } from 'electron'
import type { SaveFilePort } from '../services/ports'

/**
 * Saves a downloaded API file (a CSV export) where the user chooses: the save dialog opens on the
 * Downloads folder with the file's name, attached to the focused window.
 */
export const electronSaveFile: SaveFilePort = {
  async save(fileName, bytes) {
    const options = { defaultPath: join(app.getPath('downloads'), fileName) }
    const window = BrowserWindow.getFocusedWindow()
    const { canceled, filePath } = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options)
    if (canceled || !filePath) return false
    await writeFile(filePath, bytes)
    return true
  }
}
