import { type FormEvent, useEffect, useState } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** The feed's search box: the text lives in the address, so a hashtag link fills it in too. */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (txt: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <Form role="search" onSubmit={submit} className="mb-4" aria-label={t('feed.searchLabel')}>
      <InputGroup>
        <Form.Control
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('feed.searchPlaceholder')}
          aria-label={t('feed.searchLabel')}
          maxLength={200}
          data-testid="feed-search"
        />
        <Button type="submit" variant="primary">
          {t('feed.search')}
        </Button>
        {/* only when there is something to clear: on a phone the placeholder needs the room */}
        {(text || value) && (
          <Button
            type="button"
            variant="outline-secondary"
            onClick={() => {
              setText('');
              onSearch('');
            }}
          >
            {t('feed.clear')}
          </Button>
        )}
      </InputGroup>
    </Form>
  );
}
