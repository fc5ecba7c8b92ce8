import { type FormEvent, useEffect, useState } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FEED_NAMESPACE, registerFeedStrings } from '../i18n';

/** The feed's search box: the text lives in the address, so a hashtag link fills it in too. */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (txt: string) => void }) {
  const { t, i18n } = useTranslation(FEED_NAMESPACE);
  registerFeedStrings(i18n);
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <Form role="search" onSubmit={submit} className="mb-4" aria-label={t('searchLabel')}>
      <InputGroup>
        <Form.Control
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('searchPlaceholder')}
          aria-label={t('searchLabel')}
          maxLength={200}
          data-testid="feed-search"
        />
        <Button type="submit" variant="primary">
          {t('search')}
        </Button>
        <Button
          type="button"
          variant="outline-secondary"
          disabled={!text && !value}
          onClick={() => {
            setText('');
            onSearch('');
          }}
        >
          {t('clear')}
        </Button>
      </InputGroup>
    </Form>
  );
}
