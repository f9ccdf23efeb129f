import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

export const TEST_S3_BUCKET = 'shop-test'
/** s3rver checks signatures against these fixed credentials. */
export const TEST_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

/**
 * A local S3-compatible server (s3rver) on a free loopback port, storing into a temporary folder.
 * `anySecretKey` accepts requests signed with any secret key (for the S3RVER access key id), so a
 * test can give the shop a secret of its own.
 */
export async function startS3Server(options: { anySecretKey?: boolean } = {}) {
	const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-s3-'))
	const server = new S3rver({
		address: '127.0.0.1',
		port: 0,
		silent: true,
		directory,
		configureBuckets: [{ name: TEST_S3_BUCKET }],
		allowMismatchedSignatures: options.anySecretKey ?? false,
	})
	const address = await server.run()
	const endpoint = `http://127.0.0.1:${address.port}`
	return {
		endpoint,
		bucket: TEST_S3_BUCKET,
		...TEST_S3_CREDENTIALS,
		async close() {
			await server.close()
			await fs.rm(directory, { recursive: true, force: true })
		},
	}
}
