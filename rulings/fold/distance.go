package fold

// Distance is the optimal string alignment distance between a and b
// (Levenshtein plus adjacent transposition), in runes. It returns limit+1 as soon as every cell of a row
// exceeds limit.
func Distance(a, b []rune, limit int) int {
	var store [3 * 48]int // names are short: no allocation below 47 runes
	var prev2, prev, cur []int
	if n := len(b) + 1; n <= 48 {
		prev2, prev, cur = store[:n], store[48:48+n], store[96:96+n]
	} else {
		prev2, prev, cur = make([]int, n), make([]int, n), make([]int, n)
	}
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
