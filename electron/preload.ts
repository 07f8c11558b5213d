import {contextBridge, ipcRenderer, webUtils} from "electron";
import type {AppEvent, CairnApi} from "../shared/contract.js";
import {CALL_CHANNEL, DESKTOP_CHANNEL, EVENT_CHANNEL} from "./channels.js";

// The whole renderer API: one invoke and one event subscription, both carrying the shared contract.
const api: CairnApi = {
    invoke: (name, req) => ipcRenderer.invoke(CALL_CHANNEL, name, req),
    onEvent: (listener) => {
        const handler = (_event: Electron.IpcRendererEvent, appEvent: AppEvent) => listener(appEvent);
        ipcRenderer.on(EVENT_CHANNEL, handler);
        return () => ipcRenderer.removeListener(EVENT_CHANNEL, handler);
    },
};

contextBridge.exposeInMainWorld("cairn", api);
contextBridge.exposeInMainWorld("cairnDesktop", {
    // Dropped files: their paths, for adding documents (File.path is gone since Electron 32).
    pathForFile: (file: File) => webUtils.getPathForFile(file),
    // The quick-ask window: its answer opened in the main window, or the window closed (Esc).
    openConversation: (conversationId: string) =>
        ipcRenderer.send(DESKTOP_CHANNEL, {action: "openConversation", conversationId}),
    closeQuickAsk: () => ipcRenderer.send(DESKTOP_CHANNEL, {action: "closeQuickAsk"}),
    // The window's language: the tray's, the notifications' and the shell's questions follow it.
    setLanguage: (language: string) => ipcRenderer.send(DESKTOP_CHANNEL, {action: "setLanguage", language}),
});
