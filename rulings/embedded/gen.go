//go:build ignore

// gen writes the embedded copy of the newest Comprehensive Rules and of the
// tournament documents from a data directory:
//
//	go run gen.go -src ../../../shared/data
//
// It reads every CR text under SRC/cr, keeps the one with the newest
// effective date, and gzips it and every file under SRC/tournament into
// data/, with data/MANIFEST naming the CR's date and source.
package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/arbiter-mtg/arbiter/rulings/cr"
)

func main() {
	src := flag.String("src", "../../../shared/data", "data directory to copy from")
	out := flag.String("out", "data", "directory to write")
	flag.Parse()
	var newest time.Time
	var newestPath string
	var newestData []byte
	crFiles, err := filepath.Glob(filepath.Join(*src, "cr", "*"))
	if err != nil {
		log.Fatal(err)
	}
	for _, p := range crFiles {
		data, err := os.ReadFile(p)
		if err != nil || !cr.IsCR(data) {
			continue
		}
		date, err := cr.PeekEffectiveDate(data)
		if err != nil {
			log.Fatalf("%s: %v", p, err)
		}
		if date.After(newest) {
			newest, newestPath, newestData = date, p, data
		}
	}
	if newestData == nil {
		log.Fatalf("no Comprehensive Rules text under %s/cr", *src)
	}
	if _, err := cr.ParseBytes(newestData); err != nil {
		log.Fatalf("%s does not parse: %v", newestPath, err)
	}
	if err := os.RemoveAll(*out); err != nil {
		log.Fatal(err)
	}
	write := func(name string, data []byte) {
		var b bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		zw.Write(data)
		zw.Close()
		p := filepath.Join(*out, filepath.FromSlash(name)+".gz")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
			log.Fatal(err)
		}
	}
	crName := "cr/cr-" + newest.Format("20060102") + ".txt"
	write(crName, newestData)
	var tour []string
	root := filepath.Join(*src, "tournament")
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasPrefix(d.Name(), ".") || !strings.HasSuffix(d.Name(), ".json") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		name := "tournament/" + filepath.ToSlash(rel)
		write(name, data)
		tour = append(tour, name)
		return nil
	})
	if err != nil {
		log.Fatal(err)
	}
	sort.Strings(tour)
	manifest := fmt.Sprintf("cr\t%s\t%s\t%s\n", newest.Format("2006-01-02"), crName, filepath.Base(newestPath))
	for _, t := range tour {
		manifest += "tournament\t" + t + "\n"
	}
	if err := os.WriteFile(filepath.Join(*out, "MANIFEST"), []byte(manifest), 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("embedded CR effective %s (%s) and %d tournament files\n", newest.Format("2006-01-02"), filepath.Base(newestPath), len(tour))
}
