import type { Readable } from 'node:stream'
import type { S3Client } from '@aws-sdk/client-s3'
import { contentDisposition } from './download.ts'
import { assertValidKey, IMMUTABLE_CACHE_CONTROL, type ObjectStorage } from './storage.ts'

export type S3StorageOptions = {
	bucket: string
	/** Base URL browsers load objects from, without a trailing slash (S3_PUBLIC_URL). */
	publicUrl: string
	region: string
	/** Set for S3-compatible services (MinIO, R2, Spaces, a test server); turns on path-style addressing. */
	endpoint?: string
	accessKeyId?: string
	secretAccessKey?: string
	/** Per-request timeout; the SDK retries a few times on its own. */
	requestTimeoutMs?: number
}

function isNotFound(error: unknown) {
	const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null
	return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404
}

/** The SDK is large: it loads on first use, so a shop on local storage never pays for it. */
const loadSdk = () => import('@aws-sdk/client-s3')
const loadPresigner = () => import('@aws-sdk/s3-request-presigner')

/** The default public URL when S3_PUBLIC_URL is unset: path-style on a custom endpoint, virtual-host style on AWS. */
export function defaultS3PublicUrl(options: { bucket: string; region: string; endpoint?: string }) {
	return options.endpoint ? `${options.endpoint.replace(/\/+$/, '')}/${options.bucket}` : `https://${options.bucket}.s3.${options.region}.amazonaws.com`
}

/**
 * The endpoint browsers reach the bucket at, for pre-signed URLs (a signature covers the host):
 * the configured one when browsers load objects from the bucket's own address, the public URL's
 * origin when it is the bucket's path-style address elsewhere (MinIO published on another name),
 * and none when browsers never reach the bucket (a CDN, or the shop serving /uploads itself).
 */
export function browserEndpoint(options: Pick<S3StorageOptions, 'bucket' | 'region' | 'endpoint' | 'publicUrl'>): { endpoint?: string } | null {
	const base = options.publicUrl.replace(/\/+$/, '')
	if (base === defaultS3PublicUrl(options)) return { endpoint: options.endpoint }
	const suffix = `/${options.bucket}`
	if (/^https?:\/\//.test(base) && base.endsWith(suffix)) return { endpoint: base.slice(0, -suffix.length) }
	return null
}

/**
 * Objects in an S3 bucket (AWS or any S3-compatible service), loaded by browsers from `publicUrl`.
 * The bucket itself is private: objects are written without a public ACL, and private ones (customer
 * photos) reach browsers only through short pre-signed URLs (ADR 0173).
 */
export function createS3Storage(options: S3StorageOptions): ObjectStorage {
	type Sdk = Awaited<ReturnType<typeof loadSdk>>
	const clientFor = (sdk: Sdk, endpoint: string | undefined) =>
		new sdk.S3Client({
			region: options.region,
			endpoint,
			forcePathStyle: Boolean(endpoint),
			credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
			// Many S3-compatible services do not implement the newer default checksums.
			requestChecksumCalculation: 'WHEN_REQUIRED',
			responseChecksumValidation: 'WHEN_REQUIRED',
			maxAttempts: 3,
			requestHandler: { requestTimeout: options.requestTimeoutMs ?? 30_000, connectionTimeout: 5_000 },
		})
	let client: Promise<{ client: S3Client; sdk: Sdk }> | undefined
	const connect = () => (client ??= loadSdk().then((sdk) => ({ sdk, client: clientFor(sdk, options.endpoint) })))
	// Pre-signed URLs are signed for the address browsers use, which may not be the one the shop uses.
	const signingEndpoint = browserEndpoint(options)
	let signer: Promise<{ client: S3Client; sdk: Sdk; presign: Awaited<ReturnType<typeof loadPresigner>> }> | undefined
	const presigning = () =>
		(signer ??= Promise.all([loadSdk(), loadPresigner()]).then(([sdk, presign]) => ({ sdk, presign, client: clientFor(sdk, signingEndpoint?.endpoint) })))
	const Bucket = options.bucket
	const base = options.publicUrl.replace(/\/+$/, '')

	return {
		kind: 's3',
		async put(key, body, contentType) {
			assertValidKey(key)
			const { client, sdk } = await connect()
			await client.send(
				new sdk.PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, CacheControl: IMMUTABLE_CACHE_CONTROL, ContentLength: body.length }),
			)
		},
		async get(key) {
			assertValidKey(key)
			const { client, sdk } = await connect()
			try {
				const result = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }))
				if (!result.Body) return null
				return {
					body: result.Body as Readable,
					contentType: result.ContentType ?? 'application/octet-stream',
					size: result.ContentLength ?? 0,
				}
			} catch (error) {
				if (isNotFound(error)) return null
				throw error
			}
		},
		async exists(key) {
			assertValidKey(key)
			const { client, sdk } = await connect()
			try {
				await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }))
				return true
			} catch (error) {
				if (isNotFound(error)) return false
				throw error
			}
		},
		async delete(key) {
			assertValidKey(key)
			const { client, sdk } = await connect()
			// S3 answers 204 whether or not the object existed.
			await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }))
		},
		async *list() {
			const { client, sdk } = await connect()
			let ContinuationToken: string | undefined
			do {
				const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, ContinuationToken }))
				for (const object of page.Contents ?? []) if (object.Key) yield object.Key
				ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
			} while (ContinuationToken)
		},
		publicUrl(key) {
			assertValidKey(key)
			return `${base}/${key}`
		},
		async presignedUrl(key, { expiresInSeconds, downloadName }) {
			assertValidKey(key)
			if (!signingEndpoint) return null
			const { client, sdk, presign } = await presigning()
			const command = new sdk.GetObjectCommand({
				Bucket,
				Key: key,
				ResponseCacheControl: 'private, no-store',
				ResponseContentDisposition: downloadName ? contentDisposition(downloadName) : undefined,
			})
			return presign.getSignedUrl(client, command, { expiresIn: expiresInSeconds })
		},
	}
}
