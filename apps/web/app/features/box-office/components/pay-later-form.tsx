import { Button, Radio, Stack, Text, TextInput } from '@mantine/core'
import type { PayLaterChoice } from '@palco/domain/box-office/contract'
import type { Cart } from '@palco/domain/checkout/contract'
import type { DocumentType } from '@palco/domain/people/vocabulary'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DocumentFields } from './document-fields'

/** What the buyer who pays later gives the provider: their name and identity document. */
export interface PayLaterRequest {
  payment: PayLaterChoice
  billing: { fullName: string; documentType: DocumentType; documentNumber: string }
}

/**
 * The options a buyer may pay later with: the country's voucher networks, SPEI where it is offered, and a
 * card payment link where the country's provider has a hosted page.
 */
function optionsOf(cart: Pick<Cart, 'cashNetworks' | 'transferKinds' | 'methods'>): PayLaterChoice[] {
  return [
    ...cart.cashNetworks.map((network) => ({ method: 'CASH' as const, network })),
    ...(cart.transferKinds.includes('SPEI') ? [{ method: 'TRANSFER' as const, kind: 'SPEI' as const }] : []),
    ...(cart.methods.includes('LINK') ? [{ method: 'LINK' as const }] : []),
  ]
}

const keyOf = (choice: PayLaterChoice) =>
  choice.method === 'CASH' ? choice.network : choice.method === 'TRANSFER' ? choice.kind : choice.method

/**
 * A sale the buyer pays later (issue 15 part 3): a voucher of one of the country's networks, a SPEI
 * transfer or a card payment link, started at the counter with the buyer's name and document (the provider's payer). The operator
 * then hands over the instructions, which the buyer also gets by email.
 */
export function PayLaterForm(props: {
  cart: Pick<Cart, 'cashNetworks' | 'transferKinds' | 'methods'>
  buyerName: string
  busy: boolean
  disabled: boolean
  onSubmit: (request: PayLaterRequest) => void
}) {
  const { t } = useTranslation(['boxoffice', 'checkout', 'auth', 'errors'])
  const options = optionsOf(props.cart)
  const [option, setOption] = useState(options[0] ? keyOf(options[0]) : '')
  const [fullName, setFullName] = useState('')
  const [documentType, setDocumentType] = useState<DocumentType | ''>('')
  const [documentNumber, setDocumentNumber] = useState('')
  const [invalid, setInvalid] = useState<Set<string>>(new Set())
  if (options.length === 0) return null

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const name = (fullName || props.buyerName).trim()
    const payment = options.find((o) => keyOf(o) === option)
    const wrong = new Set<string>()
    if (name.length < 2) wrong.add('fullName')
    if (!documentType) wrong.add('documentType')
    if (!/^[A-Za-z0-9-]{3,20}$/.test(documentNumber.trim())) wrong.add('documentNumber')
    setInvalid(wrong)
    if (wrong.size || !payment || !documentType) return
    props.onSubmit({
      payment,
      billing: { fullName: name, documentType, documentNumber: documentNumber.trim() },
    })
  }

  return (
    <form onSubmit={submit} noValidate data-testid="pay-later">
      <Stack gap="sm">
        <Text size="sm">{t('payLater.lead')}</Text>
        <Radio.Group value={option} onChange={setOption} label={t('payLater.how')}>
          <Stack gap={6} mt={6}>
            {options.map((o) => (
              <Radio
                key={keyOf(o)}
                value={keyOf(o)}
                label={
                  o.method === 'CASH'
                    ? t('payLater.voucher', { network: t(`checkout:networks.${o.network}`) })
                    : o.method === 'TRANSFER'
                      ? t('payLater.spei')
                      : t('payLater.link')
                }
              />
            ))}
          </Stack>
        </Radio.Group>
        <TextInput
          label={t('payLater.payerName')}
          description={t('payLater.payerNameHint')}
          placeholder={props.buyerName}
          value={fullName}
          onChange={(e) => setFullName(e.currentTarget.value)}
          error={invalid.has('fullName') ? t('errors:fields.required') : undefined}
        />
        <DocumentFields
          documentType={documentType}
          documentNumber={documentNumber}
          onType={setDocumentType}
          onNumber={setDocumentNumber}
          typeMissing={invalid.has('documentType')}
          numberInvalid={invalid.has('documentNumber')}
        />
        <Button type="submit" variant="light" loading={props.busy} disabled={props.disabled} w="fit-content">
          {t('payLater.submit')}
        </Button>
      </Stack>
    </form>
  )
}
