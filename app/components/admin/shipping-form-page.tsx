import type { FormEvent, ReactNode } from 'react'
import { Form } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { adminT } from '#domain/i18n/admin.ts'
import { FormActions } from './form.tsx'

/** The page around a shipping zone's or rate's form: back to the list, the title, the form and its buttons. */
export function ShippingFormPage({
	title,
	form,
	children,
}: {
	title: string
	form: { formId: string; onSubmit: (event: FormEvent) => void; saving: boolean; stampFields: ReactNode; conflictNotice: ReactNode; unsavedDialog: ReactNode }
	children: ReactNode
}) {
	return (
		<section aria-labelledby="shipping-form-title" className="max-w-2xl">
			<Link to="/admin/shipping" className="text-sm text-clay-dark underline underline-offset-4">
				← {adminT('common.back')}
			</Link>
			<h1 id="shipping-form-title" className="mt-3 font-serif text-3xl">
				{title}
			</h1>
			<Form method="post" id={form.formId} onSubmit={form.onSubmit} noValidate className="mt-6 space-y-5 rounded-2xl bg-white p-6 shadow-sm">
				{form.stampFields}
				{form.conflictNotice}
				{children}
				<FormActions cancelTo="/admin/shipping" saving={form.saving} />
			</Form>
			{form.unsavedDialog}
		</section>
	)
}
