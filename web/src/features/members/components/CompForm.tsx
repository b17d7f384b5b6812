import { useState, type FormEvent } from 'react';
import { Alert, Button, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { COMP_MAX_MONTHS, type CompTier } from '../../../../../common/schemas/members';
import { useGiveComp } from '../api/members';

/** Gives one person, by e-mail, a complimentary membership (POST /api/v1/creator/members/comp). */
export function CompForm() {
  const { t } = useTranslation();
  const give = useGiveComp();
  const [email, setEmail] = useState('');
  const [tier, setTier] = useState<CompTier>('Hypr');
  const [months, setMonths] = useState(1);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    give.mutate({ email: email.trim(), tier, months }, { onSuccess: () => setEmail('') });
  };

  return (
    <Form onSubmit={submit} className="card card-body mb-3" data-testid="comp-form">
      <h3 className="h6">{t('members.comp.title')}</h3>
      <p className="small text-muted">{t('members.comp.help')}</p>
      <Row className="g-2 align-items-end">
        <Col md={5}>
          <Form.Label htmlFor="comp-email">{t('members.comp.email')}</Form.Label>
          <Form.Control
            id="comp-email"
            type="email"
            required
            maxLength={254}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Col>
        <Col md={3}>
          <Form.Label htmlFor="comp-tier">{t('members.tier')}</Form.Label>
          <Form.Select
            id="comp-tier"
            value={tier}
            onChange={(e) => setTier(e.target.value as CompTier)}
          >
            <option value="Hypr">Hypr</option>
            <option value="HyprSoul">HyprSoul</option>
          </Form.Select>
        </Col>
        <Col md={2}>
          <Form.Label htmlFor="comp-months">{t('members.months')}</Form.Label>
          <Form.Control
            id="comp-months"
            type="number"
            min={1}
            max={COMP_MAX_MONTHS}
            value={months}
            onChange={(e) => setMonths(Number(e.target.value))}
          />
        </Col>
        <Col md={2}>
          <Button type="submit" disabled={give.isPending} className="w-100">
            {t('members.comp.give')}
          </Button>
        </Col>
      </Row>
      {give.isError && (
        <Alert variant="danger" className="mt-2 mb-0">
          {give.error.message}
        </Alert>
      )}
      {give.isSuccess && (
        <Alert variant="success" className="mt-2 mb-0" role="status">
          {t('members.comp.given', { username: give.data.username })}
        </Alert>
      )}
    </Form>
  );
}
