import { BatchDefaultsSchema } from '@contract/dect'
import { DECT_LANGUAGES, LIMITS, RouteInputSchema } from '@contract/pbx'
import SchemaField from '@renderer/components/common/SchemaField.vue'
import { mount } from '@vue/test-utils'
import { NInput, NInputNumber, NRadioButton, NRadioGroup, NSelect, NSwitch } from 'naive-ui'
import { describe, expect, it } from 'vitest'
import { h } from 'vue'
import { z } from 'zod'

const batch = BatchDefaultsSchema.shape

const feedback = (wrapper: ReturnType<typeof mount>) => wrapper.find('.n-form-item-feedback').text()
const errorShown = (wrapper: ReturnType<typeof mount>) => wrapper.find('.n-form-item-feedback--error').exists()

describe('SchemaField', () => {
  it('a string: a text box with the label, the accessible name and the schema’s maxlength; typing updates the value', async () => {
    const wrapper = mount(SchemaField, { props: { schema: batch.timezone, label: 'Timezone', ariaLabel: 'Timezone', value: '' } })

    expect(wrapper.find('label').text()).toBe('Timezone')
    const input = wrapper.find('input')
    expect(input.attributes('aria-label')).toBe('Timezone')
    expect(input.attributes('maxlength')).toBe('64')
    await input.setValue('Europe/Berlin')
    expect(wrapper.emitted('update:value')?.at(-1)).toEqual(['Europe/Berlin'])
  })

  it('a form may take the schema’s maxlength off (to show its message for a long text instead)', () => {
    const wrapper = mount(SchemaField, { props: { schema: batch.timezone, label: 'Timezone', control: { maxlength: undefined }, value: '' } })

    expect(wrapper.find('input').attributes('maxlength')).toBeUndefined()
  })

  it('an id: the label points at the input', () => {
    const wrapper = mount(SchemaField, { props: { schema: batch.region, label: 'Region', id: 'f-region', value: 'DE' } })

    expect(wrapper.find('label').attributes('for')).toBe('f-region')
    expect(wrapper.find('input').attributes('id')).toBe('f-region')
    expect(wrapper.find('input').element.value).toBe('DE')
  })

  it('a number: a number box with the schema’s min and max', () => {
    const wrapper = mount(SchemaField, { props: { schema: RouteInputSchema.shape.strip_digits, label: 'Strip digits', value: 2 } })

    const box = wrapper.findComponent(NInputNumber)
    expect(box.props('min')).toBe(LIMITS.stripDigits.min)
    expect(box.props('max')).toBe(LIMITS.stripDigits.max)
    expect(box.props('value')).toBe(2)
    expect(box.props('precision')).toBe(0)
  })

  it('an enum: a select of its values in words, or in the form’s own words', () => {
    const wrapper = mount(SchemaField, { props: { schema: batch.language, label: 'Language', value: undefined } })
    const options = wrapper.findComponent(NSelect).props('options') as { label: string; value: string }[]
    expect(options.map((option) => option.value)).toEqual([...DECT_LANGUAGES])
    expect(options[0]).toEqual({ label: 'English', value: 'ENGLISH' })
    expect(wrapper.findComponent(NSelect).props('value')).toBeNull()

    const spaced = mount(SchemaField, { props: { schema: batch.interface, label: 'Interface', words: (value: string) => value.replaceAll('_', ' ') } })
    expect((spaced.findComponent(NSelect).props('options') as { label: string }[])[0]?.label).toBe('WEB DOMAIN')
  })

  it('a string with suggestions: a select that also takes typed text', () => {
    const wrapper = mount(SchemaField, { props: { schema: batch.vendor, label: 'Vendor', suggestions: ['Yealink', 'Gigaset'], value: 'Yealink' } })

    const select = wrapper.findComponent(NSelect)
    expect(select.props('tag')).toBe(true)
    expect(select.props('filterable')).toBe(true)
    expect((select.props('options') as { label: string }[]).map((option) => option.label)).toEqual(['Yealink', 'Gigaset'])
    expect(wrapper.findComponent(NInput).exists()).toBe(false)
  })

  it('a boolean: a switch named by its label; turning it on updates the value', async () => {
    const wrapper = mount(SchemaField, { props: { schema: batch.rps, label: 'Redirection service (RPS)', value: false } })

    const toggle = wrapper.findComponent(NSwitch)
    expect(toggle.attributes('aria-label')).toBe('Redirection service (RPS)')
    await toggle.trigger('click')
    expect(wrapper.emitted('update:value')?.at(-1)).toEqual([true])
  })

  it('check: the schema’s own message for an invalid value, none for a valid one', async () => {
    const wrapper = mount(SchemaField, { props: { schema: RouteInputSchema.shape.strip_digits, label: 'Strip digits', check: true, value: 99 } })
    expect(errorShown(wrapper)).toBe(true)
    expect(feedback(wrapper)).toBe(`must be at most ${LIMITS.stripDigits.max}`)

    await wrapper.setProps({ value: 3 })
    expect(errorShown(wrapper)).toBe(false)
  })

  it('the form’s problem wins over the check; the help shows while nothing is wrong', async () => {
    const wrapper = mount(SchemaField, { props: { schema: batch.tone, label: 'Tone', help: 'as the handset plays it', value: 'x' } })
    expect(feedback(wrapper)).toBe('as the handset plays it')
    expect(errorShown(wrapper)).toBe(false)

    await wrapper.setProps({ problem: 'the PBX knows no such tone set', check: true, value: 'y'.repeat(65) })
    expect(feedback(wrapper)).toBe('the PBX knows no such tone set')
    expect(errorShown(wrapper)).toBe(true)
  })

  it('markRequired: a schema that needs a value marks the label; an optional one does not; unasked, none does', () => {
    const asterisk = (schema: z.ZodType, markRequired: boolean) =>
      mount(SchemaField, { props: { schema, label: 'A field', markRequired } }).find('.n-form-item-label__asterisk').exists()
    expect(asterisk(RouteInputSchema.shape.provider_id, true)).toBe(true)
    expect(asterisk(batch.tone, true)).toBe(false)
    expect(asterisk(RouteInputSchema.shape.provider_id, false)).toBe(false)
  })

  it('buttons: an enum as a row of radio buttons, in its words, named by the label; choosing one updates the value', async () => {
    const schema = z.enum(['LOGIN', 'PLAIN', 'AUTO_DETECT'])
    const wrapper = mount(SchemaField, { props: { schema, label: 'Sign-in method', buttons: true, value: 'LOGIN' } })

    const group = wrapper.findComponent(NRadioGroup)
    expect(group.attributes('aria-label')).toBe('Sign-in method')
    expect(group.props('value')).toBe('LOGIN')
    expect(wrapper.findAllComponents(NRadioButton).map((button) => button.text())).toEqual(['Login', 'Plain', 'Auto detect'])
    expect(wrapper.findComponent(NSelect).exists()).toBe(false)
    await wrapper.findAll('input[type="radio"]')[1]!.setValue(true)
    expect(wrapper.emitted('update:value')?.at(-1)).toEqual(['PLAIN'])
  })

  it('text: a switch with its words beside it, which name it unless ariaLabel says otherwise', () => {
    const wrapper = mount(SchemaField, { props: { schema: batch.rps, label: 'Redirection', text: 'Send handsets to the redirection service', value: true } })

    expect(wrapper.find('label').text()).toBe('Redirection')
    expect(wrapper.find('.schema-field__beside span').text()).toBe('Send handsets to the redirection service')
    expect(wrapper.findComponent(NSwitch).attributes('aria-label')).toBe('Send handsets to the redirection service')
  })

  it('bare: no form item, the switch with its label beside it', async () => {
    const wrapper = mount(SchemaField, { props: { schema: batch.https, label: 'Provision over HTTPS', bare: true, value: false } })

    expect(wrapper.find('.n-form-item').exists()).toBe(false)
    expect(wrapper.find('label').exists()).toBe(false)
    expect(wrapper.find('.schema-field__beside span').text()).toBe('Provision over HTTPS')
    const toggle = wrapper.findComponent(NSwitch)
    expect(toggle.attributes('aria-label')).toBe('Provision over HTTPS')
    await toggle.trigger('click')
    expect(wrapper.emitted('update:value')?.at(-1)).toEqual([true])
  })

  it('a control of the form’s own in the default slot', () => {
    const wrapper = mount(SchemaField, {
      props: { schema: batch.codecs, label: 'Codecs' },
      slots: { default: () => h('button', 'Add a codec') },
    })

    expect(wrapper.find('button').text()).toBe('Add a codec')
    expect(wrapper.findComponent(NSelect).exists()).toBe(false)
  })

  it('a control of the form’s own is given the enum’s options in words, and may be named by the label’s id', () => {
    const wrapper = mount(SchemaField, {
      props: { schema: batch.interface, label: 'Interface', labelId: 'f-interface', words: (value: string) => value.toLowerCase() },
      slots: {
        default: ({ options }: { options: { label: string; value: string }[] }) =>
          h('div', { role: 'radiogroup', 'aria-labelledby': 'f-interface' }, options.map((option) => h('span', { 'data-value': option.value }, option.label))),
      },
    })

    expect(wrapper.find('label').attributes('id')).toBe('f-interface')
    expect(wrapper.find('label').attributes('for')).toBeUndefined()
    const first = wrapper.find('[role="radiogroup"] span')
    expect([first.attributes('data-value'), first.text()]).toEqual(['WEB_DOMAIN', 'web_domain'])
  })
})
