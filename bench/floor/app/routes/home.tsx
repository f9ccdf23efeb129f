export function meta() {
	return [{ title: 'Floor' }]
}

export default function Home() {
	return (
		<main>
			<h1>Hello</h1>
			<p>One route, no data: what React Router costs per page on this machine.</p>
		</main>
	)
}
