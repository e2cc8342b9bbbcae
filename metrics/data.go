package metrics

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// DataInfo describes the data being served.
type DataInfo struct {
	// CREffective is the effective date of the Comprehensive Rules served.
	CREffective time.Time
	// Cards and Rulings count the card catalogue (0 without card data).
	Cards, Rulings int
	// SnapshotTime is when the data snapshot was made, zero when the data
	// was not loaded from a snapshot: arbiter_data_snapshot_age_seconds is
	// only exported when it is set. (Hook for the rulings snapshot: the
	// caller fills it from the snapshot's header.)
	SnapshotTime time.Time
}

// Data registers the data version: arbiter_data_info{cr_effective},
// arbiter_data_cr_effective_timestamp_seconds, arbiter_data_cards,
// arbiter_data_rulings and, with a snapshot, its age. Called again after a
// reload, it replaces them.
func (m *Metrics) Data(d DataInfo) {
	m.dataMu.Lock()
	defer m.dataMu.Unlock()
	for _, c := range m.data {
		m.reg.Unregister(c)
	}
	m.data = nil
	date := "unknown"
	if !d.CREffective.IsZero() {
		date = d.CREffective.Format(time.DateOnly)
	}
	info := prometheus.NewGauge(prometheus.GaugeOpts{
		Name:        "arbiter_data_info",
		Help:        "The data version served: the Comprehensive Rules' effective date as a label; always 1.",
		ConstLabels: prometheus.Labels{"cr_effective": date},
	})
	info.Set(1)
	eff := prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "arbiter_data_cr_effective_timestamp_seconds",
		Help: "Effective date of the Comprehensive Rules served, as a Unix time (0 when unknown).",
	})
	if !d.CREffective.IsZero() {
		eff.Set(float64(d.CREffective.Unix()))
	}
	cards := prometheus.NewGauge(prometheus.GaugeOpts{Name: "arbiter_data_cards", Help: "Cards in the catalogue."})
	cards.Set(float64(d.Cards))
	rulings := prometheus.NewGauge(prometheus.GaugeOpts{Name: "arbiter_data_rulings", Help: "Card rulings in the catalogue."})
	rulings.Set(float64(d.Rulings))
	m.data = []prometheus.Collector{info, eff, cards, rulings}
	if !d.SnapshotTime.IsZero() {
		t := d.SnapshotTime
		m.data = append(m.data, prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "arbiter_data_snapshot_age_seconds",
			Help: "Age of the data snapshot being served.",
		}, func() float64 { return time.Since(t).Seconds() }))
	}
	m.reg.MustRegister(m.data...)
}
