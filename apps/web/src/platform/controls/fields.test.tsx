import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, type FormInstance } from 'antd';
import { createRef, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FormMessages, TEXT_AREA_MAX } from '@casebook/domain';
import { CurrencyInput, EmailInput, NumberInput, PercentInput, PhoneInput, TextArea, TextInput } from './index';
import { textTooLongMessage } from './rules';

/** A form with the given fields and a Save button; resolves the values a valid submit produced. */
function renderForm(fields: ReactNode, initialValues?: Record<string, unknown>) {
  const onFinish = vi.fn();
  render(
    <Form onFinish={onFinish} initialValues={initialValues}>
      {fields}
      <Button htmlType="submit">Save</Button>
    </Form>,
  );
  const user = userEvent.setup();
  const save = () => user.click(screen.getByRole('button', { name: 'Save' }));
  return { onFinish, user, save };
}

const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);

describe('required fields', () => {
  it.each([
    ['text', <TextInput key="f" name="f" label="Field" required />],
    ['email', <EmailInput key="f" name="f" label="Field" required />],
    ['phone', <PhoneInput key="f" name="f" label="Field" required />],
    ['number', <NumberInput key="f" name="f" label="Field" required />],
    ['currency', <CurrencyInput key="f" name="f" label="Field" required />],
    ['percent', <PercentInput key="f" name="f" label="Field" required />],
    ['text area', <TextArea key="f" name="f" label="Field" required />],
  ])('a %s field says "This field is required" and blocks the save', async (_kind, field) => {
    const { onFinish, save } = renderForm(field);
    await save();
    await waitFor(() => expect(errors()).toEqual([FormMessages.required]));
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('treats blank text as empty', async () => {
    const { user, save, onFinish } = renderForm(<TextInput name="f" label="Field" required />);
    await user.type(screen.getByLabelText('Field'), '   ');
    await save();
    await waitFor(() => expect(errors()).toEqual([FormMessages.required]));
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('lets an optional field stay empty', async () => {
    const { save, onFinish } = renderForm(<EmailInput name="f" label="Field" />);
    await save();
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
    expect(errors()).toEqual([]);
  });
});

describe('EmailInput', () => {
  it('refuses text that is not an e-mail address with the standard message', async () => {
    const { user, save, onFinish } = renderForm(<EmailInput name="email" label="Email" />);
    await user.type(screen.getByLabelText('Email'), 'someone@nowhere');
    await save();
    await waitFor(() => expect(errors()).toEqual([FormMessages.email]));
    expect(FormMessages.email).toBe('Please enter a valid email');
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('accepts a {text}@{text}.{text} address', async () => {
    const { user, save, onFinish } = renderForm(<EmailInput name="email" label="Email" />);
    await user.type(screen.getByLabelText('Email'), 'pat@example.com');
    await save();
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ email: 'pat@example.com' }));
  });
});

describe('PhoneInput', () => {
  it('shows the digits with the mask 99 9999 9999 and keeps only the digits', async () => {
    const { user, save, onFinish } = renderForm(<PhoneInput name="phone" label="Phone" />);
    const input = screen.getByLabelText('Phone');
    expect(input.getAttribute('placeholder')).toBe('99 9999 9999');
    await user.type(input, '(02) 9876-5432');
    expect((input as HTMLInputElement).value).toBe('02 9876 5432');
    await save();
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ phone: '0298765432' }));
  });

  it('says a phone number must be 10 digits', async () => {
    const { user, save, onFinish } = renderForm(<PhoneInput name="phone" label="Phone" />);
    await user.type(screen.getByLabelText('Phone'), '02 9876');
    await save();
    await waitFor(() => expect(errors()).toEqual([FormMessages.phone]));
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('cuts pasted text at ten digits', async () => {
    const { user } = renderForm(<PhoneInput name="phone" label="Phone" />);
    const input = screen.getByLabelText('Phone') as HTMLInputElement;
    await user.click(input);
    await user.paste('0412 345 678 99');
    expect(input.value).toBe('04 1234 5678');
  });
});

describe('number, currency and percent fields', () => {
  it('strips "$" and "," typed or pasted and sends a number', async () => {
    const { user, save, onFinish } = renderForm(
      <>
        <CurrencyInput name="fee" label="Fee" />
        <NumberInput name="count" label="Count" />
      </>,
    );
    await user.click(screen.getByLabelText('Fee'));
    await user.paste('$1,234.50');
    await user.type(screen.getByLabelText('Count'), '$12,000');
    await save();
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ fee: 1234.5, count: 12000 }));
  });

  it('shows currency with two decimals and separators, and percent with two decimals, once left', async () => {
    const { user } = renderForm(
      <>
        <CurrencyInput name="fee" label="Fee" />
        <PercentInput name="rate" label="Rate" />
      </>,
    );
    await user.type(screen.getByLabelText('Fee'), '1234567.5');
    await user.type(screen.getByLabelText('Rate'), '12.5');
    await user.tab();
    expect((screen.getByLabelText('Fee') as HTMLInputElement).value).toBe('1,234,567.50');
    expect((screen.getByLabelText('Rate') as HTMLInputElement).value).toBe('12.50');
  });

  it('keeps at most two decimals in currency and percent', async () => {
    const { user } = renderForm(<CurrencyInput name="fee" label="Fee" />);
    await user.type(screen.getByLabelText('Fee'), '9.999');
    expect((screen.getByLabelText('Fee') as HTMLInputElement).value).toBe('9.99');
  });

  it('refuses more than 1e10', async () => {
    const { user, save, onFinish } = renderForm(
      <>
        <NumberInput name="n" label="N" />
        <CurrencyInput name="c" label="C" />
        <PercentInput name="p" label="P" />
      </>,
    );
    for (const label of ['N', 'C', 'P']) await user.type(screen.getByLabelText(label), '10000000001');
    await save();
    await waitFor(() => expect(errors()).toEqual(Array(3).fill('The value must be at most 10,000,000,000')));
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('accepts exactly 1e10', async () => {
    const { user, save, onFinish } = renderForm(<NumberInput name="n" label="N" />);
    await user.type(screen.getByLabelText('N'), '10000000000');
    await save();
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ n: 1e10 }));
  });

  it('refuses a negative currency amount but not a negative number', async () => {
    const { user, save, onFinish } = renderForm(
      <>
        <CurrencyInput name="c" label="C" />
        <NumberInput name="n" label="N" />
      </>,
    );
    await user.type(screen.getByLabelText('C'), '-5');
    await user.type(screen.getByLabelText('N'), '-5');
    await save();
    await waitFor(() => expect(errors()).toEqual(['The value must be at least 0']));
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('ignores letters', async () => {
    const { user } = renderForm(<NumberInput name="n" label="N" />);
    await user.type(screen.getByLabelText('N'), '1a2b');
    expect((screen.getByLabelText('N') as HTMLInputElement).value).toBe('12');
  });
});

describe('TextArea', () => {
  it('has 3 rows, a 4000-character limit and a count', async () => {
    const { user } = renderForm(<TextArea name="notes" label="Notes" />);
    const area = screen.getByLabelText('Notes') as HTMLTextAreaElement;
    expect(area.getAttribute('rows')).toBe('3');
    expect(area.getAttribute('maxlength')).toBe(String(TEXT_AREA_MAX));
    await user.type(area, 'Hello');
    expect(screen.getByText(`5 / ${TEXT_AREA_MAX}`)).toBeTruthy();
  });

  it('refuses a longer text that came from elsewhere', async () => {
    // Submitted through the form instance: happy-dom, unlike browsers, blocks a native submit when a
    // value set by script is over maxlength.
    const form = createRef<FormInstance>();
    const onFinish = vi.fn();
    render(
      <Form ref={form} onFinish={onFinish} initialValues={{ notes: 'x'.repeat(TEXT_AREA_MAX + 1) }}>
        <TextArea name="notes" label="Notes" />
      </Form>,
    );
    act(() => form.current?.submit());
    await waitFor(() => expect(errors()).toEqual([textTooLongMessage(TEXT_AREA_MAX)]));
    expect(onFinish).not.toHaveBeenCalled();
  });
});
