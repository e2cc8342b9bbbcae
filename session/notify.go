package session

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// Notifier tells every instance sharing a store about a change (a new data
// version) and keeps the latest value where a late or reconnecting instance
// can read it with Get.
type Notifier interface {
	// Publish stores value at key with no expiry (Get reads it) and sends
	// it to every current subscriber of key, on every instance sharing the
	// store.
	Publish(ctx context.Context, key string, value []byte) error
	// Subscribe delivers the values published at key from now on, until
	// ctx ends (the channel is then closed). It returns once the
	// subscription is in place. Delivery is at most once: a value
	// published while an instance is cut off from the backend is not
	// delivered to it, so a subscriber also reads the key with Get now and
	// then to catch up.
	Subscribe(ctx context.Context, key string) (<-chan []byte, error)
}

// subBuffer is how many published values wait for a slow subscriber;
// beyond it, values are dropped (the key still holds the latest).
const subBuffer = 8

// Publish implements Notifier.
func (m *Memory) Publish(ctx context.Context, key string, value []byte) error {
	if _, err := m.begin(ctx); err != nil {
		return err
	}
	defer m.mu.Unlock()
	m.entries[memKey{kindValue, key}] = &memEntry{value: append([]byte{}, value...)}
	for _, ch := range m.subs[key] {
		select {
		case ch <- append([]byte{}, value...):
		default: // a full buffer: the subscriber reads the key instead
		}
	}
	return nil
}

// Subscribe implements Notifier.
func (m *Memory) Subscribe(ctx context.Context, key string) (<-chan []byte, error) {
	if _, err := m.begin(ctx); err != nil {
		return nil, err
	}
	ch := make(chan []byte, subBuffer)
	if m.subs == nil {
		m.subs = map[string][]chan []byte{}
	}
	m.subs[key] = append(m.subs[key], ch)
	m.mu.Unlock()
	context.AfterFunc(ctx, func() {
		m.mu.Lock()
		defer m.mu.Unlock()
		list := m.subs[key]
		for i, c := range list {
			if c == ch {
				m.subs[key] = append(list[:i:i], list[i+1:]...)
				break
			}
		}
		close(ch)
	})
	return ch, nil
}

// notifyChannel is the pub/sub channel of a key: namespaced like the keys,
// so instances under another prefix never hear it.
func (r *Redis) notifyChannel(key string) string { return r.prefix + "notify:" + key }

// Publish implements Notifier: SET (no expiry) then PUBLISH.
func (r *Redis) Publish(ctx context.Context, key string, value []byte) error {
	ctx, cancel, start := r.op(ctx)
	defer cancel()
	if err := r.client.Set(ctx, r.redisKey(key, suffixValue), value, 0).Err(); err != nil {
		return r.fail(start, err)
	}
	if err := r.client.Publish(ctx, r.notifyChannel(key), value).Err(); err != nil {
		return r.fail(start, err)
	}
	r.ok(start)
	return nil
}

// subscribeWait bounds the wait for Redis to confirm a subscription.
const subscribeWait = 5 * time.Second

// Subscribe implements Notifier. Once confirmed, the subscription
// reconnects by itself when the connection drops (go-redis resubscribes);
// what is published in between is lost, as Notifier says.
func (r *Redis) Subscribe(ctx context.Context, key string) (<-chan []byte, error) {
	start := monoNow()
	ps := r.client.Subscribe(ctx, r.notifyChannel(key))
	wctx, cancel := context.WithTimeout(ctx, subscribeWait)
	_, err := ps.Receive(wctx) // the subscription's confirmation
	cancel()
	if err != nil {
		ps.Close()
		return nil, r.fail(start, fmt.Errorf("subscribe %s: %w", key, err))
	}
	r.ok(start)
	msgs := ps.Channel(redis.WithChannelSize(subBuffer))
	out := make(chan []byte, subBuffer)
	go func() {
		defer close(out)
		defer ps.Close()
		for {
			select {
			case <-ctx.Done():
				return
			case m, ok := <-msgs:
				if !ok {
					return
				}
				select {
				case out <- []byte(m.Payload):
				default: // a full buffer: the subscriber reads the key instead
				}
			}
		}
	}()
	return out, nil
}
