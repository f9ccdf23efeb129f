import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createLocalStorage } from '#server/storage/local-storage.ts'
import { describeStorageContract } from '../support/storage-contract.ts'

describeStorageContract('local folder', async () => {
	const root = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-storage-'))
	return { storage: createLocalStorage(root), cleanup: () => fs.rm(root, { recursive: true, force: true }) }
})
