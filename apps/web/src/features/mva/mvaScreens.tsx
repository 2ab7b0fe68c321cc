import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Select, Table, Tag, Typography } from 'antd';
import type { ComponentType } from 'react';
import {
  endpointKey,
  fieldWords,
  formatMoney,
  MvaEndpoints,
  MvaModule,
  MvaOfferParties,
  MvaTemplateTypes,
  type AustralianState,
  type ModuleCaseDto,
} from '@casebook/domain';
import { useApi } from '../../platform/api/api-client';
import { callEndpoint, endpointQuery } from '../../platform/api/endpoints';
import { DateInput, TextArea } from '../../platform/controls';
import { useFormSave } from '../../platform/resources/useFormSave';
import { dateText } from '../../platform/time';
import {
  ModuleAddPage,
  ModuleDetailPage,
  ModuleListPage,
  type ModuleScreenProps,
} from '../cases/modules/ModuleScreens';

type OfferValues = { offerDate: string; amount: string; offeredBy: (typeof MvaOfferParties)[number]; notes?: string };
type SettlementValues = { settlementDate: string; amount: string; notes?: string };

/** The last day to start proceedings, once the claim has its accident date and state. */
function LimitationLine({ c }: { c: ModuleCaseDto }) {
  const api = useApi();
  const accidentDate = c.fields.accidentDate ?? null;
  const stateId = (c.fields.stateId ?? null) as AustralianState | null;
  const limitation = useQuery({
    ...endpointQuery(api, MvaEndpoints.calculateLimitationDate, {
      query: { stateId: stateId!, accidentDate: accidentDate! },
    }),
    enabled: Boolean(accidentDate && stateId),
  });
  if (!limitation.data) return null;
  return (
    <Typography.Paragraph aria-label="Limitation date">
      Limitation date: <strong>{dateText(limitation.data.limitationDate)}</strong> ({limitation.data.source})
    </Typography.Paragraph>
  );
}

/** The claim's offers: one current; a new offer, and Set current on another. */
function OffersTab({ c, canEdit }: { c: ModuleCaseDto; canEdit: boolean }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const offers = useQuery({ ...endpointQuery(api, MvaEndpoints.offers, { params: { id: c.id } }), staleTime: 0 });
  const [form] = Form.useForm<OfferValues>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: endpointKey(MvaEndpoints.offers) });
  const { save, saving, edited } = useFormSave(
    form,
    (v) =>
      callEndpoint(api, MvaEndpoints.addOffer, {
        params: { id: c.id },
        body: { offerDate: v.offerDate, amount: v.amount, offeredBy: v.offeredBy, notes: v.notes ?? null },
      }),
    {
      onSaved: async () => {
        form.resetFields();
        await refresh();
      },
    },
  );
  const setCurrent = async (offerId: string) => {
    await callEndpoint(api, MvaEndpoints.setCurrentOffer, { params: { id: c.id, offerId } });
    await refresh();
  };
  return (
    <>
      <LimitationLine c={c} />
      <Table
        size="small"
        aria-label="Offers"
        rowKey="id"
        loading={offers.isLoading}
        pagination={false}
        dataSource={offers.data?.items ?? []}
        columns={[
          { title: 'Date', key: 'date', render: (_, o) => dateText(o.offerDate) },
          { title: 'Offered by', key: 'by', render: (_, o) => fieldWords(o.offeredBy) },
          { title: 'Amount', key: 'amount', align: 'right', render: (_, o) => formatMoney(o.amount, 'AUD') },
          { title: 'Notes', key: 'notes', render: (_, o) => o.notes ?? '' },
          {
            title: 'Current',
            key: 'current',
            render: (_, o) =>
              o.isCurrent ? (
                <Tag color="green">Current</Tag>
              ) : canEdit ? (
                <Button size="small" onClick={() => void setCurrent(o.id)}>
                  Set current
                </Button>
              ) : null,
          },
        ]}
      />
      {canEdit && (
        <Form
          form={form}
          name="mvaOffer"
          layout="vertical"
          style={{ maxWidth: 640, marginTop: 16 }}
          onValuesChange={edited}
        >
          <h3>New offer</h3>
          <DateInput name="offerDate" label="Offer date" required />
          <Form.Item name="amount" label="Amount" rules={[{ required: true, message: 'This field is required' }]}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="offeredBy" label="Offered by" initialValue="INSURER" rules={[{ required: true }]}>
            <Select options={MvaOfferParties.map((p) => ({ value: p, label: fieldWords(p) }))} />
          </Form.Item>
          <TextArea name="notes" label="Notes" />
          <Button type="primary" onClick={() => void save()} loading={saving}>
            Add offer
          </Button>
        </Form>
      )}
    </>
  );
}

/** The claim's settlements and their total; a new settlement. */
function SettlementsTab({ c, canEdit }: { c: ModuleCaseDto; canEdit: boolean }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const list = useQuery({ ...endpointQuery(api, MvaEndpoints.settlements, { params: { id: c.id } }), staleTime: 0 });
  const [form] = Form.useForm<SettlementValues>();
  const { save, saving, edited } = useFormSave(
    form,
    (v) =>
      callEndpoint(api, MvaEndpoints.addSettlement, {
        params: { id: c.id },
        body: { settlementDate: v.settlementDate, amount: v.amount, notes: v.notes ?? null },
      }),
    {
      onSaved: async () => {
        form.resetFields();
        await queryClient.invalidateQueries({ queryKey: endpointKey(MvaEndpoints.settlements) });
      },
    },
  );
  return (
    <>
      <Table
        size="small"
        aria-label="Settlements"
        rowKey="id"
        loading={list.isLoading}
        pagination={false}
        dataSource={list.data?.items ?? []}
        columns={[
          { title: 'Date', key: 'date', render: (_, s) => dateText(s.settlementDate) },
          { title: 'Amount', key: 'amount', align: 'right', render: (_, s) => formatMoney(s.amount, 'AUD') },
          { title: 'Notes', key: 'notes', render: (_, s) => s.notes ?? '' },
        ]}
      />
      {canEdit && (
        <Form
          form={form}
          name="mvaSettlement"
          layout="vertical"
          style={{ maxWidth: 640, marginTop: 16 }}
          onValuesChange={edited}
        >
          <h3>New settlement</h3>
          <DateInput name="settlementDate" label="Settlement date" required />
          <Form.Item
            name="amount"
            label="Settlement amount"
            rules={[{ required: true, message: 'This field is required' }]}
          >
            <Input inputMode="decimal" />
          </Form.Item>
          <TextArea name="notes" label="Notes" />
          <Button type="primary" onClick={() => void save()} loading={saving}>
            Add settlement
          </Button>
        </Form>
      )}
    </>
  );
}

/** The letters of the claim, each a page of its own (/view/mva/template). */
function LettersTab({ c }: { c: ModuleCaseDto }) {
  return (
    <Flex vertical gap={8} aria-label="Letters">
      {Object.entries(MvaTemplateTypes).map(([type, title]) => (
        <a
          key={type}
          href={`/view/mva/template?id=${encodeURIComponent(c.id)}&type=${type}`}
          target="_blank"
          rel="noopener"
        >
          {title}
        </a>
      ))}
    </Flex>
  );
}

const MVA: ModuleScreenProps = {
  module: MvaModule,
  api: MvaEndpoints,
  extraTabs: (c, canEdit) => [
    { key: 'Offers', label: 'Offers', children: <OffersTab c={c} canEdit={canEdit} /> },
    { key: 'Settlements', label: 'Settlements', children: <SettlementsTab c={c} canEdit={canEdit} /> },
    { key: 'Letters', label: 'Letters', children: <LettersTab c={c} /> },
  ],
};

/** The list, add and detail screens of MVA claims, by route path. */
export const MvaScreens: Record<string, ComponentType> = {
  [MvaModule.route]: () => <ModuleListPage {...MVA} />,
  [`${MvaModule.route}/add`]: () => <ModuleAddPage {...MVA} />,
  [`${MvaModule.route}/detail/:id`]: () => <ModuleDetailPage {...MVA} />,
};
