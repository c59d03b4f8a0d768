import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, resolve, sep } from 'node:path'
import { HttpError } from '../../http/http-error.js'

/** What a complete cache folder records about itself (upstream's cache entry fields, less the paths). */
export interface CacheMeta {
  model_name: string
  model_version: string
  model_format: string
  model_size_in_billions: number | string | null
  quantization: string
  files: string[]
}

export interface CacheFileInfo {
  name: string
  bytes: number
  partial: boolean
}

const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MiB`

/** Written last, so a folder without it is an unfinished download, never a cached model. */
const MARKER = '__valid_download.json'
/** Cache keys are model versions such as `qwen2.5-instruct--0_5B--ggufv2--q4_k_m`. */
const SAFE_VERSION = /^[A-Za-z0-9][A-Za-z0-9._-]*$/
const SAFE_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]*$/

/**
 * The model cache: one folder per model version under `{data dir}/cache`. Every path is built from a checked
 * model version and proven to sit directly inside the cache root, so no request can reach outside it.
 */
export class ModelCache {
  readonly root: string
  private readonly listeners: (() => void)[] = []

  /** @param reserveBytes space kept free on the cache's disk (`--cache-reserve`) */
  constructor(
    dataDir: string,
    private readonly reserveBytes = 1024 ** 3,
  ) {
    this.root = resolve(dataDir, 'cache')
    mkdirSync(this.root, { recursive: true })
  }

  /** Bytes free on the cache's disk for this process. */
  freeBytes(): number {
    const disk = statfsSync(this.root)
    return disk.bavail * disk.bsize
  }

  /** The cache's disk: its size, what is free, what is kept free. */
  disk(): { free_bytes: number; total_bytes: number; reserve_bytes: number } {
    const disk = statfsSync(this.root)
    return {
      free_bytes: disk.bavail * disk.bsize,
      total_bytes: disk.blocks * disk.bsize,
      reserve_bytes: this.reserveBytes,
    }
  }

  /**
   * Every model version's folder, finished or not, with its files (plain files only: a link is never followed).
   * The name of an unfinished one is read from its folder (`{model_name}--…`).
   */
  folders(): { model_version: string; model_name: string; complete: boolean; files: CacheFileInfo[] }[] {
    return readdirSync(this.root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && SAFE_VERSION.test(entry.name))
      .map((entry) => {
        const folder = join(this.root, entry.name)
        const meta = this.meta(entry.name)
        const files = readdirSync(folder, { withFileTypes: true })
          .filter((file) => file.isFile() && file.name !== MARKER)
          .map((file) => ({
            name: file.name,
            bytes: lstatSync(join(folder, file.name)).size,
            partial: file.name.endsWith('.part'),
          }))
        return {
          model_version: entry.name,
          model_name: meta?.model_name ?? entry.name.split('--')[0] ?? entry.name,
          complete: meta !== null && meta.model_version === entry.name,
          files,
        }
      })
  }

  /**
   * Refuses (507) a download of `bytes` more that would leave less than the reserve free, before any byte is
   * written: a full disk fails every model and log on the machine, not only this download.
   */
  checkRoom(bytes: number): void {
    const free = this.freeBytes()
    if (free - bytes >= this.reserveBytes) return
    throw new HttpError(
      507,
      `Not enough free space for the download: it needs ${mib(bytes)} and the cache's disk has ${mib(free)} free, of which ${mib(this.reserveBytes)} are kept free (--cache-reserve). Free some space (delete cached models you no longer use) or lower --cache-reserve`,
    )
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener)
  }

  /** The folder of a model version; 400 for anything that is not a plain folder name. */
  folder(modelVersion: string): string {
    if (!SAFE_VERSION.test(modelVersion) || modelVersion.includes('..')) {
      throw new HttpError(400, `Invalid model_version: ${JSON.stringify(modelVersion)}`)
    }
    const folder = resolve(this.root, modelVersion)
    if (!folder.startsWith(this.root + sep) || folder.slice(this.root.length + 1).includes(sep)) {
      throw new HttpError(400, `Invalid model_version: ${JSON.stringify(modelVersion)}`)
    }
    return folder
  }

  /** A file directly inside a model version's folder; 400 for a name that is not one plain file name. */
  file(modelVersion: string, fileName: string): string {
    const folder = this.folder(modelVersion)
    if (!SAFE_FILE.test(fileName) || fileName.includes('..')) {
      throw new HttpError(400, `Invalid model file name: ${JSON.stringify(fileName)}`)
    }
    const file = resolve(folder, fileName)
    if (dirname(file) !== folder)
      throw new HttpError(400, `Invalid model file name: ${JSON.stringify(fileName)}`)
    return file
  }

  isCached(modelVersion: string): boolean {
    try {
      return this.meta(modelVersion) !== null
    } catch {
      return false
    }
  }

  /** A folder is cached only if it is a real folder (not a link) holding the marker. */
  meta(modelVersion: string): CacheMeta | null {
    const folder = this.folder(modelVersion)
    try {
      if (!lstatSync(folder).isDirectory()) return null
      const marker = join(folder, MARKER)
      if (!lstatSync(marker).isFile()) return null
      return JSON.parse(readFileSync(marker, 'utf8')) as CacheMeta
    } catch {
      return null
    }
  }

  /** Marks a finished model version and tells the catalogue. */
  complete(meta: CacheMeta): void {
    writeFileSync(join(this.folder(meta.model_version), MARKER), JSON.stringify(meta))
    this.changed()
  }

  entries(modelName?: string): (CacheMeta & { folder: string })[] {
    if (!existsSync(this.root)) return []
    return readdirSync(this.root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && SAFE_VERSION.test(entry.name))
      .flatMap((entry) => {
        const meta = this.meta(entry.name)
        return meta && meta.model_version === entry.name && (!modelName || meta.model_name === modelName)
          ? [{ ...meta, folder: join(this.root, entry.name) }]
          : []
      })
  }

  /**
   * Removes one model version's folder, finished or half-done; 404 when there is none. Links inside are removed,
   * never followed. Whoever calls it has made sure nothing uses it.
   */
  remove(modelVersion: string): void {
    const folder = this.folder(modelVersion)
    try {
      if (!lstatSync(folder).isDirectory()) throw new Error('not a folder')
    } catch {
      throw new HttpError(404, `No cached model version ${modelVersion}`)
    }
    rmSync(folder, { recursive: true, force: true })
    this.changed()
  }

  private changed() {
    for (const listener of this.listeners) listener()
  }
}
