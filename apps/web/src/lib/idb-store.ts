/**
 * One object store of one IndexedDB database on this device, opened per call (so nothing holds
 * the database open between writes) and closed when the transaction completes. For what must
 * outlive the page: evidence chunks not yet uploaded, feedback not yet sent.
 */
export function indexedDbRunner(database: string, storeName: string, create: (db: IDBDatabase) => void) {
  function open(): Promise<IDBDatabase> {
    return new Promise((resolve, reject) => {
      const request = indexedDB.open(database, 1);
      request.onupgradeneeded = () => create(request.result);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB failed'));
    });
  }

  /** Runs one request in its own transaction; resolves with its result once the transaction completes. */
  return function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    return open().then(
      (db) =>
        new Promise<T>((resolve, reject) => {
          const tx = db.transaction(storeName, mode);
          const request = work(tx.objectStore(storeName));
          tx.oncomplete = () => {
            db.close();
            resolve(request.result);
          };
          tx.onerror = () => {
            db.close();
            reject(tx.error ?? new Error('IndexedDB failed'));
          };
        }),
    );
  };
}
