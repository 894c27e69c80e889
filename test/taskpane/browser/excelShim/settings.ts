/**
 * The shim's `Office.context.document.settings`, as the typings (@types/office-js, Office.Settings)
 * describe them: each runtime works on its own in-memory copy (get, set and remove touch only it);
 * saveAsync writes the whole copy over the document's settings; refreshAsync reads the document's
 * into the copy, which is how a coauthor's saves arrive ("the refreshAsync method is only useful in
 * coauthoring scenarios"). Several pages over one document are several coauthors: the test gives them
 * one `document`. Document settings hold about 2 MB (office-js#621): a save above
 * SETTINGS_LIMIT_BYTES fails and writes nothing. Plain enough that Node tests run it too.
 */

/** Where the saved settings live: the page's own, or one store several pages (coauthors) share. */
export interface SettingsDocument {
  load(): Promise<string>;
  store(json: string): Promise<void>;
}

type Callback = (result: { status: string; error?: { message: string } }) => void;

/**
 * Office.Settings over `document`; `copy` is the in-memory copy (kept as the same object, so a dump
 * of it is always current), `saved` counts the saves that reached the document.
 */
export function shimSettings(copy: Record<string, unknown>, document: SettingsDocument, saved: () => void) {
  /** The 2 MB Microsoft gives for a document's settings, as UTF-8 bytes of their JSON. */
  const SETTINGS_LIMIT_BYTES = 2 * 1024 * 1024;
  const clone = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
  return {
    get: (name: string): unknown => (name in copy ? clone(copy[name]) : null),
    set: (name: string, value: unknown): void => void (copy[name] = clone(value)),
    remove: (name: string): void => void delete copy[name],
    saveAsync(callback?: Callback): void {
      const json = JSON.stringify(copy);
      if (new TextEncoder().encode(json).length > SETTINGS_LIMIT_BYTES) {
        // No error code is documented for it: the add-in reads the status only.
        const error = { message: 'The settings are larger than the document can hold.' };
        setTimeout(() => callback?.({ status: 'failed', error }));
        return;
      }
      void document.store(json).then(() => {
        saved();
        callback?.({ status: 'succeeded' });
      });
    },
    refreshAsync(callback?: Callback): void {
      void document.load().then((json) => {
        for (const name of Object.keys(copy)) delete copy[name];
        Object.assign(copy, JSON.parse(json));
        callback?.({ status: 'succeeded' });
      });
    },
  };
}

export type ShimSettings = ReturnType<typeof shimSettings>;
