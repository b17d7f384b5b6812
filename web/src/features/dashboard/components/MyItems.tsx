import { useState } from 'react';
import { Alert, Badge, Button, Modal, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OwnItem } from '../../../../../common/schemas/items';
import { useItemAction, useOwnItems, type ItemAction } from '../../items/api/item-management';
import { formatMoney } from '../../../../../common/rules/money';

const STATUS_VARIANT: Record<OwnItem['status'], string> = {
  available: 'success',
  unavailable: 'secondary',
  scheduled: 'info',
  deleted: 'dark',
};

/**
 * "My items" (issue 10): every own item, available, unavailable or deleted, with its views,
 * likes and sales, and the actions the server's `abilities` allow, each confirmed first.
 */
export function MyItems() {
  const { t, i18n } = useTranslation();
  const items = useOwnItems();
  const [pending, setPending] = useState<{ item: OwnItem; action: ItemAction } | null>(null);
  const number = new Intl.NumberFormat(i18n.language);

  return (
    <section aria-labelledby="dashboard-my-items" className="mb-4" data-testid="my-items">
      <h2 id="dashboard-my-items" className="h5">
        {t('myItems.title')}
      </h2>
      {items.isPending ? (
        <Spinner animation="border" size="sm" role="status" aria-label={t('myItems.loading')} />
      ) : items.isError ? (
        <Alert variant="danger">{t('myItems.loadError', { message: items.error.message })}</Alert>
      ) : items.data.items.length === 0 ? (
        <p className="text-muted">{t('myItems.empty')}</p>
      ) : (
        <Table responsive hover className="align-middle mb-0">
          <thead>
            <tr>
              <th scope="col">{t('myItems.columns.item')}</th>
              <th scope="col">{t('myItems.columns.status')}</th>
              <th scope="col">{t('myItems.columns.price')}</th>
              <th scope="col" className="text-end">
                {t('myItems.columns.views')}
              </th>
              <th scope="col" className="text-end">
                {t('myItems.columns.likes')}
              </th>
              <th scope="col" className="text-end">
                {t('myItems.columns.sales')}
              </th>
              <th scope="col">
                <span className="visually-hidden">{t('myItems.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.data.items.map((item) => (
              <tr key={item.id} data-testid="my-item" data-item-id={item.id}>
                <td>
                  <div className="d-flex align-items-center gap-2">
                    {item.thumbnail && (
                      <img
                        src={item.thumbnail}
                        alt=""
                        width={48}
                        height={36}
                        className="rounded"
                        style={{ objectFit: 'cover' }}
                        loading="lazy"
                      />
                    )}
                    <Link to={`/product/${item.id}`}>{item.title}</Link>
                  </div>
                </td>
                <td>
                  <Badge bg={STATUS_VARIANT[item.status]} data-testid="my-item-status">
                    {t(`myItems.status.${item.status}`)}
                  </Badge>
                  {item.publishAt && (
                    <div className="small text-muted" data-testid="my-item-publish-at">
                      {t('myItems.publishesAt', {
                        time: new Date(item.publishAt).toLocaleString(i18n.language, {
                          dateStyle: 'medium',
                          timeStyle: 'short',
                        }),
                      })}
                    </div>
                  )}
                </td>
                <td>
                  {item.priceCents === 0
                    ? t('discover.free')
                    : formatMoney(item.priceCents, item.currency, i18n.language)}
                </td>
                <td className="text-end">{number.format(item.views)}</td>
                <td className="text-end">{number.format(item.likes)}</td>
                <td className="text-end">{number.format(item.sales)}</td>
                <td>
                  <div className="d-flex flex-wrap gap-1 justify-content-end">
                    <Link
                      to={`/dashboard/items/${item.id}`}
                      className="btn btn-sm btn-outline-secondary"
                      aria-label={t('myItems.statsLabel', { title: item.title })}
                    >
                      {t('myItems.stats')}
                    </Link>
                    {item.abilities.canEdit && (
                      <Link
                        to={`/upload/edit/${item.id}`}
                        className="btn btn-sm btn-outline-primary"
                        aria-label={t('myItems.editLabel', { title: item.title })}
                      >
                        {t('myItems.edit')}
                      </Link>
                    )}
                    {item.abilities.canUnpublish && (
                      <Button
                        size="sm"
                        variant="outline-secondary"
                        onClick={() => setPending({ item, action: 'unpublish' })}
                      >
                        {t('myItems.unpublish')}
                      </Button>
                    )}
                    {item.abilities.canPublish && (
                      <Button
                        size="sm"
                        variant="outline-success"
                        onClick={() => setPending({ item, action: 'publish' })}
                      >
                        {t('myItems.publish')}
                      </Button>
                    )}
                    {item.abilities.canDelete && (
                      <Button
                        size="sm"
                        variant="outline-danger"
                        onClick={() => setPending({ item, action: 'delete' })}
                      >
                        {t('myItems.delete')}
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {pending && (
        <ConfirmItemAction
          item={pending.item}
          action={pending.action}
          onClose={() => setPending(null)}
        />
      )}
    </section>
  );
}

/** Asks before an item changes state; deleting says whether buyers keep their access. */
function ConfirmItemAction({
  item,
  action,
  onClose,
}: {
  item: OwnItem;
  action: ItemAction;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const run = useItemAction();
  const confirm = () => run.mutate({ id: item.id, action }, { onSuccess: onClose });
  return (
    <Modal show onHide={onClose} centered aria-labelledby="confirm-item-action-title">
      <Modal.Header closeButton closeLabel={t('myItems.close')}>
        <Modal.Title id="confirm-item-action-title" as="h2" className="h5">
          {t(`myItems.confirm.${action}.title`)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t(`myItems.confirm.${action}.text`, { title: item.title })}</p>
        {action === 'delete' && (
          <p className="mb-0" data-testid="delete-buyers">
            {item.buyers > 0
              ? t('myItems.confirm.delete.buyersKeep', { count: item.buyers })
              : t('myItems.confirm.delete.noBuyers')}
          </p>
        )}
        {run.isError && (
          <Alert variant="danger" className="mt-3 mb-0">
            {t('myItems.actionError', { message: run.error.message })}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          {t('myItems.cancel')}
        </Button>
        <Button
          variant={action === 'delete' ? 'danger' : 'primary'}
          disabled={run.isPending}
          onClick={confirm}
        >
          {t(`myItems.confirm.${action}.button`)}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
